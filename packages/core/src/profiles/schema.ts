import { z } from 'zod';
import { regexp } from './regexp.js';
import { HOOK_NAMES } from './hooks/names.js';
import { ThreadsSpec } from './threads-spec.js';
import { SnapshotSpec } from './snapshot-spec.js';
import { StopsSpec } from './stops.js';
import { TraceSpec } from './trace-spec.js';
import { AdapterSpec } from './adapter-spec.js';
import { TestSpec } from './test-spec.js';
import { VariablesSpec } from './variables-spec.js';

/**
 * A language-only launch/attach argument (Python's `module`, Java's `mainClass`), declared by the
 * profile: front ends offer it, validate it, and it reaches templates as `${name}`.
 */
export const FieldSpec = z.object({
  type: z.enum(['string', 'string[]', 'number', 'boolean', 'object', 'object[]']),
  /** The requests that take it (default both). */
  requests: z.array(z.enum(['launch', 'attach'])).min(1).default(['launch', 'attach']),
  /**
   * It says what runs (Python's `module`, Java's `mainClass`): the tools that launch for their own
   * ends (debug_probe, debug_trace) take it too; the others only debug_launch does.
   */
  selects: z.boolean().default(false),
  description: z.string().min(1),
});

/** Names of the unified arguments every language takes; a profile field cannot reuse them. */
export const UNIFIED_ARGUMENTS = [
  'program', 'language', 'args', 'cwd', 'env', 'stopOnEntry', 'breakpoints', 'wait', 'timeoutMs', 'adapterArgs',
  'host', 'port', 'processId', 'waitForTargetMs', 'reconnect', 'sessionId', 'expressions', 'maxHits',
  'configuration', 'display',
] as const;

const RequestTemplateBase = z.object({
  /**
   * `adapter`: spawn the adapter and send the request to it. `target`: the debuggee itself serves
   * DAP (e.g. `python -m debugpy --listen`): connect to host:port and send the request there.
   */
  connect: z.enum(['adapter', 'target']).default('adapter'),
  /** DAP arguments; a string "${name}" is replaced by that unified argument (omitted when absent). */
  arguments: z.record(z.unknown()),
  /** Unified arguments this request cannot do without; one of each inner list must be given. */
  requires: z.array(z.array(z.string())).default([]),
  /** Unified arguments this profile does not support here (refused with a clear error). */
  unsupported: z.array(z.string()).default([]),
});

const RequestTemplate = RequestTemplateBase.extend({
  /**
   * Alternative requests, chosen when every unified argument in `when` is given (the first that
   * matches wins): e.g. delve attaches to a process id through a spawned adapter but to a
   * headless server by connecting to it directly.
   */
  variants: z
    .array(
      RequestTemplateBase.extend({
        when: z.array(z.string()).min(1),
        /**
         * The adapter attaches by pid through a helper that traces the process for a moment (debugpy
         * injects itself with gdb): the attach answers only once the helper has let go (Linux).
         */
        injects: z.boolean().optional(),
      }),
    )
    .default([]),
});


export const ProfileSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  displayName: z.string(),
  /**
   * Why this profile cannot be verified where dapgate is built and tested (its adapter or SDK is
   * not installable there). `doctor` reports such a profile's missing adapter without failing.
   */
  unverified: z.string().optional(),
  languages: z.array(z.string()).min(1),
  extensions: z.array(z.string()),
  /**
   * Files that mark a project folder of this language (`Cargo.toml`, `*.csproj`): a `program`
   * that is a folder holding one picks this profile.
   */
  projectFiles: z.array(z.string()).default([]),
  /**
   * VS Code launch configurations this profile runs: their `type`s (debugpy, pwa-node, ...) and
   * the keys that may name the program file (Java's `mainClass` may be a .java path).
   */
  vscode: z.object({ types: z.array(z.string()).default([]), programKeys: z.array(z.string()).default(['program']) }).default({}),
  adapter: AdapterSpec,
  /** adapterID sent in `initialize`. */
  adapterId: z.string(),
  launch: RequestTemplate,
  attach: RequestTemplate.extend({
    defaultHost: z.string().default('127.0.0.1'),
    defaultPort: z.number().int().optional(),
    /** How a target is started so this profile can attach to it, e.g. `python -m debugpy --listen 5678 app.py` (shown in debug_attach's description). */
    startHint: z.string().optional(),
    /**
     * Regexps of the adapter's attach errors that mean "the target is not listening yet": with
     * waitForTargetMs, the attach is retried once the port accepts connections.
     */
    notListeningPatterns: z.array(regexp()).default(['refused|ECONNREFUSED']),
    /**
     * What the target's port expects first, where dapgate must connect to check it (a remote host):
     * sent, its echo awaited, then closed, so the target does not report a failed debugger (JDWP:
     * `JDWP-Handshake`). Local ports are looked up without connecting.
     */
    portGreeting: z.string().optional(),
    /**
     * A regexp of the adapter's refusal of a request because the attached program runs (a headless
     * delve). configurationDone refused so (another client resumed the program while the attach
     * configured, as `dlv --continue` does at start): the program is paused and configurationDone
     * sent again, which resumes it under this session. A detach's clearing refused so (delve's
     * exception filters): done in a pause, then the program is resumed.
     */
    refusedWhileRunning: regexp().optional(),
    /**
     * An expression (a template, like the arguments) evaluated in the target once attached, and
     * again after each reconnect; its answer and any failure are ignored. Node's makes the
     * inspector send without Nagle's delay (a step ~150 -> ~10 ms), as its launch preload does.
     */
    evaluateOnAttach: z.string().optional(),
    /**
     * A regexp over command lines that marks a running process of this language: an attach given
     * neither port nor processId lists them when nothing listens on the default port.
     */
    processPattern: z.string().optional(),
    /** Command lines that match processPattern but are debuggers' own processes (adapters, launchers), never listed. */
    processExclude: z.string().optional(),
  }).optional(),
  /** Language-only launch/attach arguments this profile takes (see FieldSpec). */
  fields: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), FieldSpec)
    .default({})
    .refine((f) => !Object.keys(f).some((k) => (UNIFIED_ARGUMENTS as readonly string[]).includes(k)), { message: `a field cannot be named like a unified argument (${UNIFIED_ARGUMENTS.join(', ')})` }),
  /**
   * The adapter runs the program in child sessions (startDebugging, js-debug): launch/attach is
   * done only once the first child is configured.
   */
  childSessions: z.boolean().default(false),
  /** A hook module in core/src/profiles/hooks for what a template cannot say. */
  hooks: z.enum(HOOK_NAMES).optional(),
  /** Breakpoint kinds the adapter cannot do, known before any launch (refused when set for this language). */
  breakpointKinds: z
    .object({
      function: z.boolean().default(true),
      /** How a function breakpoint names its function in this language (shown by debug_languages). */
      functionNames: z.string().optional(),
      /** A regexp every function name must match (refused before launch otherwise, with functionNames as the advice). */
      functionPattern: z.string().optional(),
      /** A regexp of the adapter's messages for a breakpoint it refused for good (an ambiguous or unknown name), not one still pending. */
      refusedMessage: z.string().optional(),
      /**
       * The adapter's refusal of an ambiguous function name, listing the functions it found: when
       * exactly one is the name given spelt in full (`exact`, `${name}` the name), that one is set.
       */
      ambiguous: z.object({ message: regexp(), separator: z.string(), exact: z.string() }).strict().optional(),
      /**
       * A line breakpoint removed while the program is paused stays in the adapter as one that never
       * stops (this condition) until the program is continued: V8 drops a function's break info with
       * its last breakpoint, and a step from where it is paused then runs on past lines (js-debug).
       */
      removedWhilePaused: z.object({ condition: z.string() }).strict().optional(),
    })
    .default({}),
  /**
   * What the adapter's untranslated breakpoint messages mean (js-debug sends message keys such as
   * `breakpoint.provisionalBreakpoint`): message -> words for the agent, with what to do.
   */
  breakpointMessages: z.record(z.string()).default({}),
  /** Exception filters applied when the agent has not chosen any (absent: the adapter's own defaults). */
  defaultExceptionFilters: z.array(z.string()).optional(),
  variables: VariablesSpec,
  /** What the evaluation modes check for this language (see policy/evaluation.ts). */
  evaluation: z
    .object({
      /** Regexps of expressions refused in `blocklist` and `readonly` modes. */
      blocklist: z.array(regexp()).default([]),
      /** Regexps of calls (`name`, `obj.name`, or `.method`) allowed in `readonly` mode. */
      sideEffectFreeCalls: z.array(regexp()).default([]),
      /** The language has keyword arguments (Python's `f(x, key=v)`): in readonly, `name=` directly inside a call's parentheses names a parameter, it assigns nothing. */
      keywordArguments: z.boolean().default(false),
      /** Keywords that change state (`del`, `delete`, `new`), refused in `readonly` mode. */
      mutatingKeywords: z.array(z.string()).default([]),
      /** The DAP context evaluations use unless told (lldb-dap formats `repl` results as console text). */
      context: z.enum(['repl', 'watch', 'hover']).optional(),
    })
    .default({}),
  /** How the adapter describes stops, and which frames are not the program's own. */
  stops: StopsSpec,
  /** debug_test support (absent: the language has none yet). */
  test: TestSpec.optional(),
  /** The adapter answers `threads` with at most this many (delve: 1024 goroutines); a full list is then a lower bound. */
  adapterThreadLimit: z.number().int().positive().optional(),
  /**
   * The adapter prints logpoint messages as program output (js-debug: `console.log` with `%O`,
   * strings in `quote`s): the gateway recognises them by template, files them under the output
   * category `logpoint` and prints string values unquoted, as console.log would.
   */
  logpointOutput: z.object({ quote: z.string().min(1) }).optional(),
  /** debug_trace support (absent: traces still run, with fewer facts: no return values, no function lookup). */
  trace: TraceSpec.optional(),
  /** How far the adapter's word on a program's exit can be trusted. */
  exits: z
    .object({
      /** The `exited` event carries the program's real exit code (java-debug's always says 0). */
      adapterCodeTrusted: z.boolean().default(true),
      /** Said instead of a code when the adapter's cannot be trusted or never comes. */
      unknownReason: z.string().default('the debug adapter did not report it'),
    })
    .default({}),
  /** How the adapter treats threads at a stop. */
  threads: ThreadsSpec,
  /** What debug_snapshot asks the runtime about its threads. */
  snapshot: SnapshotSpec,
  /** Output categories that are not the program's (dropped). */
  ignoreOutputCategories: z.array(z.string()).default(['telemetry']),
  /** Regexps of whole output lines the runtime prints about the debugger, not the program (dropped). */
  ignoreOutputLines: z.array(regexp()).default([]),
});

export type Profile = z.infer<typeof ProfileSchema>;
export type RequestTemplate = z.infer<typeof RequestTemplate>;
export type FieldSpec = z.infer<typeof FieldSpec>;
export type FieldType = FieldSpec['type'];
export type { TraceSpec } from './trace-spec.js';
export type { TestSpec, TestForm } from './test-spec.js';
export type RequestVariant = z.infer<typeof RequestTemplateBase>;
