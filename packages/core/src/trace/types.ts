/** One local that a line changed. `from` is undefined for a name that appeared, `to` for one that went away. */
export interface LocalChange {
  name: string;
  from?: string;
  to?: string;
  /**
   * A variable of a scope the trace reads only around lines that name it (the profile's
   * `trace.boundaryScopes`): it changed on some line from this one to the line it is reported on
   * (a call changed it), not necessarily on that line.
   */
  since?: number;
  /**
   * The adapter cut the value short (see `CutSummary`) at one read or both, the parts shown agree,
   * and its children could not tell whether the rest changed: it may be unchanged.
   */
  unsure?: boolean;
  /**
   * A return value the adapter keeps one of per callee, after a line (or several steps) that may
   * have called it more than once (see `mayRepeat`): the value is only the last call's.
   */
  lastCall?: boolean;
  /**
   * The value could not be read at one of the two stops (the profile's `unreadableValue`): no
   * change is known. `here`: not at the later one (`from` the value last read, `reason` the
   * unreadable text); `before`: read again, and never read before (`to`); `between`: read again,
   * other than before it could not be read (`from` -> `to`: changed somewhere in between).
   */
  unreadable?: 'here' | 'before' | 'between';
  reason?: string;
}

/** A call a line made, as the adapter reported its return value. */
export interface CallMade {
  callee: string;
  result: string;
  /** With `depth`: the callee's locals at its entry (its arguments) and its own trace. */
  args?: Record<string, string>;
  trace?: FrameTrace;
  /** The line may have called it more than once (see `mayRepeat`): `result` is the last call's. */
  lastCall?: boolean;
  /**
   * The adapter showed this value before the line ran too, and the line names the callee: a call
   * that returned the same value again, or a value left from an earlier line (the call may have
   * returned elsewhere, into a generator's frame, or not run).
   */
  sameAsBefore?: boolean;
}

/** One executed line of the traced frame, with what executing it changed. */
export interface LineEvent {
  line: number;
  changed: LocalChange[];
  calls: CallMade[];
  /** Something the trace could not settle, said rather than guessed. */
  note?: string;
  /** Locals cut short alike before and after this line whose hidden part was not read: whether it changed is not known (see `compareValues`). */
  notCompared?: string[];
  /** An exception raised while this line ran (here or in a callee) that did not leave this frame. */
  caught?: string;
}

export type TraceEnd =
  | {
      kind: 'returned';
      value?: string;
      /** why the value is not known, or how it was obtained */
      valueNote?: string;
      line?: number;
      /** the function returns no value (it ended without a return statement, where that means none) */
      noValue?: boolean;
      /** the adapter's step went on into the next call of the same function: the session is stopped at its start */
      nextCallStarted?: boolean;
      /**
       * the step out of the return did not stop in the caller (debugpy, when the rest of the caller's
       * line ran into library code): the session is stopped at the next line of the program's
       * code that ran, which may be in a later call
       */
      stoppedPastCaller?: boolean;
    }
  | { kind: 'raised'; exception: string; line: number; /** the raising frame when it was a callee's */ where?: string; /** the session is stopped at the fault, which the program cannot go on from (profile `trace.fatalException`) */ atFault?: boolean }
  | { kind: 'cut'; reason: 'maxLines' | 'time'; line: number }
  | { kind: 'exited'; exitCode?: number; line: number }
  | { kind: 'ended'; state: string; line: number }
  | { kind: 'step-timeout'; line: number };

/** The whole life (or the part traced) of one call. */
export interface FrameTrace {
  function: string;
  file?: string;
  /** The line the trace started at (the function's first body line for a trace from the call). */
  startLine: number;
  /** Locals at the start: a call's arguments when the trace started at its entry. */
  entry: Record<string, string>;
  /** Its parameters' names, read from its signature where the profile tells how (empty: not known). */
  parameters?: string[];
  lines: LineEvent[];
  end: TraceEnd;
  steps: number;
  ms: number;
  /** The function is optimized (the profile's `variables.optimizedScope`): the values read in it may be stale. */
  optimized?: boolean;
}
