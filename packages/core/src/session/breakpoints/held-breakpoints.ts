import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapClient } from '../connection/dap-client.js';
import { samePath } from '../paths.js';

type Args = DebugProtocol.SetBreakpointsArguments;

/**
 * Never-stopping breakpoints held where the program is paused, for adapters whose engine drops a
 * function's break info with its last breakpoint (V8 under js-debug): removed while paused there,
 * the next step ran on past lines. While paused, a file whose breakpoints lose one gets one with
 * the profile's never-true condition at the paused line, sent before the others go; it goes when
 * the program is continued.
 */
export class HeldBreakpoints {
  /** What was last sent per connection and file. */
  private readonly last = new Map<DapClient, Map<string, Args>>();
  /** The line held per connection and file. */
  private readonly held = new Map<DapClient, Map<string, number>>();

  constructor(
    /** The never-true condition (none: nothing is held). */
    private readonly condition: string | undefined,
    private readonly pausedAt: () => { path: string; line: number } | undefined,
  ) {}

  /**
   * `args` with the held breakpoint added, and the request to send first (the previous set with the
   * held one added) when it is new: the engine keeps the function's break info between the two.
   */
  plan(connection: DapClient, file: string, args: Args): { first?: Args; args: Args } {
    const last = this.last.get(connection) ?? new Map<string, Args>();
    this.last.set(connection, last);
    const heldHere = this.held.get(connection) ?? new Map<string, number>();
    this.held.set(connection, heldHere);
    const before = last.get(file);
    const lines = args.lines ?? [];
    const removed = (before?.lines ?? []).some((l) => !lines.includes(l)) || heldHere.has(file);
    const at = this.condition ? this.pausedAt() : undefined;
    const line = removed && at && samePath(at.path, file) && !lines.includes(at.line) ? at.line : undefined;
    let out = args;
    let first: Args | undefined;
    if (line === undefined) heldHere.delete(file);
    else {
      heldHere.set(file, line);
      const held = { line, condition: this.condition };
      out = { ...args, breakpoints: [...(args.breakpoints ?? []), held], lines: [...lines, line] };
      if (before && !before.breakpoints?.some((b) => b.line === line && b.condition === this.condition)) {
        first = { ...before, breakpoints: [...(before.breakpoints ?? []), held], lines: [...(before.lines ?? []), line] };
      }
    }
    last.set(file, out);
    return { first, args: out };
  }

  /** Files with a held breakpoint on a connection. */
  files(connection: DapClient): string[] {
    return [...(this.held.get(connection)?.keys() ?? [])];
  }

  has(connection: DapClient, file: string): boolean {
    return !!this.held.get(connection)?.has(file);
  }

  /** The file was cleared in the target (a detach). */
  cleared(connection: DapClient, file: string): void {
    this.held.get(connection)?.delete(file);
    this.last.get(connection)?.delete(file);
  }

  connections(): DapClient[] {
    return [...this.held.keys()];
  }

  forget(connection: DapClient): void {
    this.held.delete(connection);
    this.last.delete(connection);
  }
}
