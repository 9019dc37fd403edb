import type { TestForm } from '../profiles/schema.js';

export type TestVerdict = 'passed' | 'failed' | 'no tests ran';

export interface TestOutcome {
  /** `unknown` when neither the output nor a trustworthy exit code says, or when they disagree. */
  outcome: TestVerdict | 'unknown';
  /** What the outcome was read from, in words. */
  basis: string;
  /** The runner's summary line, when its output had one. */
  summary?: string;
  exitCode?: number;
}

/** The runner's summary in its output: the first of failed / passed / no tests ran whose regexp matches. */
export function outputVerdict(form: TestForm, output: string): { verdict: TestVerdict; line: string } | undefined {
  const order: [TestVerdict, string[]][] = [
    ['failed', form.outcome.failed],
    ['passed', form.outcome.passed],
    ['no tests ran', form.outcome.noTests],
  ];
  for (const [verdict, patterns] of order) {
    for (const p of patterns) {
      const m = new RegExp(p, 'm').exec(output);
      if (m) return { verdict, line: lineAround(output, m.index) };
    }
  }
  return undefined;
}

/**
 * The test's outcome from what is known: the runner's summary line and, where the adapter reports
 * the runner's own exit code, that code. Never guessed: without a summary, or when the two
 * disagree, it is `unknown` and says why.
 */
export function readOutcome(form: TestForm, output: string, exitCode: number | undefined, exitCodeTrusted: boolean): TestOutcome {
  const said = outputVerdict(form, output);
  const code = exitCodeTrusted ? exitCode : undefined;
  const meaning = code === undefined ? undefined : (form.exitCodes[String(code)] ?? 'error');
  const meanings = meaning === undefined ? undefined : [meaning].flat();
  const byCode = meanings && said && meanings.includes(said.verdict) ? said.verdict : meanings?.join(' or ');
  const base = { ...(said ? { summary: said.line } : {}), ...(exitCode !== undefined ? { exitCode } : {}) };
  if (said && byCode) {
    if (said.verdict === byCode) return { outcome: said.verdict, basis: `exit code ${code} and the runner's summary "${said.line}"`, ...base };
    return { outcome: 'unknown', basis: `the runner's summary "${said.line}" says ${said.verdict}, but exit code ${code} means ${byCode}`, ...base };
  }
  if (said) {
    const why = exitCode === undefined ? 'the adapter reported no exit code' : `the adapter's exit code (${exitCode}) is not the runner's own`;
    return { outcome: said.verdict, basis: `the runner's summary "${said.line}" (${why})`, ...base };
  }
  if (byCode) return { outcome: 'unknown', basis: `exit code ${code} (${byCode}), but the runner printed no summary, so it may not have run the test: see the output`, ...base };
  return { outcome: 'unknown', basis: `the runner printed no summary${exitCode === undefined ? ' and no exit code was reported' : `, and exit code ${exitCode} is not the runner's own here`}`, ...base };
}

function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end < 0 ? undefined : end).trim().replace(/^=+\s*|\s*=+$/g, '').replace(/\s+/g, ' ').slice(0, 160);
}
