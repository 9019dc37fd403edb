/** One way to debug a program (bare DAP, dapgate, the peer MCP server), driven through the same scenario. */
export interface Stop {
  line?: number;
  locals: Record<string, string>;
}

export interface Driver {
  readonly name: string;
  /** Requests (DAP) or tool calls (MCP) so far, and the characters of their answers. */
  readonly calls: number;
  readonly chars: number;
  /** Launch with one breakpoint; resolves at the stop with its line and locals. */
  firstStop(program: string, line: number): Promise<Stop>;
  /** Step over; resolves with the new line and the locals there. */
  step(): Promise<Stop>;
  evaluate(expression: string): Promise<string>;
  /** End the debuggee and its session. */
  stop(): Promise<void>;
}

export interface Scenario {
  id: string;
  program: string;
  line: number;
  /** Locals that must show at the first stop, and after the step (with its line). */
  first: Record<string, string>;
  step?: { line: number; locals: Record<string, string> };
  expression: string;
  result: string;
}

export interface RunResult {
  firstStop: number;
  step?: number;
  evaluate: number;
  total: number;
  calls: number;
  chars: number;
  correct: boolean;
  problem?: string;
}

const has = (locals: Record<string, string>, want: Record<string, string>) => Object.entries(want).every(([k, v]) => locals[k] === v);

/** One pass of a scenario: times each phase and checks every answer against what is true. */
export async function runScenario(d: Driver, s: Scenario): Promise<RunResult> {
  const problems: string[] = [];
  const calls0 = d.calls;
  const chars0 = d.chars;
  const t0 = performance.now();
  let first: Stop | undefined;
  try {
    first = await d.firstStop(s.program, s.line);
  } catch (e) {
    await d.stop().catch(() => undefined);
    return { firstStop: NaN, evaluate: NaN, total: NaN, calls: d.calls - calls0, chars: d.chars - chars0, correct: false, problem: `no first stop: ${(e as Error).message}` };
  }
  const t1 = performance.now();
  if (first.line !== s.line) problems.push(`stopped at line ${first.line}, not ${s.line}`);
  if (!has(first.locals, s.first)) problems.push(`first-stop locals ${JSON.stringify(first.locals)} lack ${JSON.stringify(s.first)}`);
  let t2 = t1;
  if (s.step) {
    const after = await d.step();
    t2 = performance.now();
    if (after.line !== s.step.line) problems.push(`step ended at line ${after.line}, not ${s.step.line}`);
    if (!has(after.locals, s.step.locals)) problems.push(`locals after step ${JSON.stringify(after.locals)} lack ${JSON.stringify(s.step.locals)}`);
  }
  const result = await d.evaluate(s.expression);
  const t3 = performance.now();
  if (result !== s.result) problems.push(`${s.expression} = ${result}, not ${s.result}`);
  await d.stop();
  const t4 = performance.now();
  return {
    firstStop: t1 - t0,
    ...(s.step ? { step: t2 - t1 } : {}),
    evaluate: t3 - t2,
    total: t4 - t0,
    calls: d.calls - calls0,
    chars: d.chars - chars0,
    correct: problems.length === 0,
    ...(problems.length ? { problem: problems.join('; ') } : {}),
  };
}
