import type { BuiltSource } from '../../session/reads/built-sources.js';
/** The unified arguments of a launch or attach, as the template sees them. Hooks may add to them. */
export type TemplateVars = Record<string, unknown> & {
  program?: string;
  cwd: string;
  env?: Record<string, string>;
  adapterArgs?: Record<string, unknown>;
  /** Files that have line breakpoints in the gateway's book (launch only). */
  breakpointFiles?: string[];
  /**
   * Set by a hook that built the program: the source folders it compiled, each with whether with
   * optimizations, where the adapter cannot tell (lldb and Rust): frames there are marked optimized.
   */
  builtSources?: BuiltSource[];
};

/** What a profile needs that a JSON template cannot say. One small module per profile, if any. */
export interface ProfileHooks {
  /** Called before the launch template is filled; may add variables. */
  prepareLaunch?(vars: TemplateVars): void | Promise<void>;
  /**
   * Looks up ahead, in the background once the gateway starts, what `prepareLaunch` finds the same
   * way for every launch (an interpreter on PATH), so the first launch does not wait for it.
   */
  lookUpAhead?(): Promise<void>;
  /**
   * debug_test: called with the test id's variables (`test`, `cwd`, the form's groups) before the
   * form's launch template is filled; may add variables (a compiled class path, the selector) and
   * `entries` ([{file, line}]: each selected test's first line, for profiles that arm failure filters there),
   * `idCheck` (a promise the launch awaits while the session starts: rejected, the id is refused and the session ended).
   */
  prepareTest?(vars: TemplateVars): void | Promise<void>;
  /**
   * debug_test: the runner the project of the test id tests with (a form's `runner`), when the
   * project says (Jest or Vitest in its package.json); that form reads the id instead of the first.
   */
  testRunner?(vars: TemplateVars): Promise<string | undefined>;
  /** debug_test: the project's test files as runnable ids, for an id whose file does not exist (bounded; undefined when unknown). */
  testCandidates?(vars: TemplateVars): Promise<string[] | undefined>;
  /** Called before the attach template is filled; may add variables. */
  prepareAttach?(vars: TemplateVars): void | Promise<void>;
  /** A failed attach: what the agent should do about it (e.g. the OS refused ptrace), if the hook can tell. */
  explainAttachFailure?(message: string, vars: TemplateVars): Promise<string | undefined>;
  /** What an exit code means, when the adapter's number alone could mislead; `lastStop` is the last stop's description. */
  describeExit?(exitCode: number, lastStop: string | undefined): string | undefined;
  /** The signal an adapter's exit code certainly stands for (delve's -15), if it does; then the answer names the signal, not a code. */
  exitSignal?(exitCode: number, lastStop: string | undefined): string | undefined;
}
