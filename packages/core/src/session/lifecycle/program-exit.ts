import type { ProfileHooks } from '../../profiles/hooks/types.js';
import type { ProcessEnd } from '../connection/debuggee.js';

/** How a profile reads an adapter's exit code (its hook); both optional. */
export interface ExitReader {
  /** What a code means where the number alone could mislead (it may also be a signal). */
  note?(code: number): string | undefined;
  /** The signal a code certainly stands for. */
  signal?(code: number): string | undefined;
}

/** How the program ended, as a front end words it: each part only where known. */
export interface ExitReport {
  /** "exited with code 3", "ended by signal SIGTERM", "exited (exit code unknown: why)", with a note; undefined while nothing is known or said of the end. */
  summary: string | undefined;
  code: number | undefined;
  signal: string | undefined;
  /** Why the exit code is not known (once the program is known to have ended without one). */
  codeUnknown: string | undefined;
  /** What the code may also mean (a signal death). */
  note: string | undefined;
}

/**
 * How the debugged program ended, as observed: from the process the gateway started (the truth),
 * else from the adapter's `exited` event where the profile trusts it, else unknown with the
 * reason. Never a guess.
 */
export class ProgramExit {
  code: number | undefined;
  signal: string | undefined;
  /** Why the exit code is not known (set only once the program is known to have ended). */
  unknown: string | undefined;
  /** Where the facts came from. */
  source: 'process' | 'adapter' | undefined;

  constructor(private readonly reader: ExitReader = {}) {}

  /** Read through a profile's hooks; `lastStop` is the description of the session's last stop. */
  static read(hooks: () => Pick<ProfileHooks, 'describeExit' | 'exitSignal'>, lastStop: () => string | undefined): ProgramExit {
    return new ProgramExit({ note: (code) => hooks().describeExit?.(code, lastStop()), signal: (code) => hooks().exitSignal?.(code, lastStop()) });
  }

  /** What the exit code means where the number alone could mislead (a signal death). */
  get note(): string | undefined {
    return this.code === undefined ? undefined : this.reader.note?.(this.code);
  }

  get known(): boolean {
    return this.code !== undefined || this.signal !== undefined;
  }

  fromProcess(end: ProcessEnd): void {
    if (end.byGateway) {
      if (!this.known) this.unknown = 'dapgate ended the program';
      return;
    }
    this.code = end.code ?? undefined;
    this.signal = end.signal ?? undefined;
    this.source = 'process';
    this.unknown = this.known ? undefined : 'the process status was not readable';
  }

  fromAdapter(code: number | undefined, trusted: boolean, untrustedReason: string): void {
    if (this.source === 'process') return;
    if (trusted && typeof code === 'number') {
      const signal = this.reader.signal?.(code);
      this.code = signal ? undefined : code;
      this.signal = signal;
      this.source = 'adapter';
      this.unknown = undefined;
    } else if (!this.known) {
      this.unknown = trusted ? 'the adapter did not say' : untrustedReason;
    }
  }

  /** The program ended without any exit report. */
  endedUnreported(reason: string): void {
    if (!this.known && !this.unknown) this.unknown = reason;
  }

  /** What is known of the end, for a front end to word. */
  report(): ExitReport {
    return {
      summary: this.known || this.unknown !== undefined ? this.summary() : undefined,
      code: this.code,
      signal: this.signal,
      codeUnknown: this.known ? undefined : this.unknown,
      note: this.note,
    };
  }

  /** describe() with what the code may also mean ("exited with code 247 (or killed by signal SIGKILL: ...)"). */
  summary(): string {
    const note = this.note;
    return `${this.describe()}${note ? ` (${note})` : ''}`;
  }

  /** "with code 3", "by signal SIGTERM", "(exit code unknown: ...)". */
  describe(): string {
    if (this.signal) return `ended by signal ${this.signal}`;
    if (this.code !== undefined) return `exited with code ${this.code}`;
    return `exited (exit code unknown: ${this.unknown ?? 'not reported'})`;
  }
}
