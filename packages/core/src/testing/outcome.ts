import type { TestForm } from '../profiles/schema.js';
import type { JUnitReport } from './junit-xml.js';

export type TestVerdict = 'passed' | 'failed' | 'no tests ran' | 'error';

export interface TestOutcome {
  /** `unknown` when neither the output nor a trustworthy exit code says, or when they disagree. */
  outcome: TestVerdict | 'unknown';
  /** What the outcome was read from, in words. */
  basis: string;
  /** The runner's summary line, when its output had one. */
  summary?: string;
  exitCode?: number;
  /** An error run: what went wrong, as the runner printed it (its first error, file:line). */
  detail?: string;
  /** From the runner's report, when it wrote one: the tests that failed and passed. */
  failedTests?: string[];
  passedTests?: string[];
}

/** The runner's summary in its output: the first of failed / passed / no tests ran whose regexp matches. */
export function outputVerdict(form: TestForm, output: string): { verdict: TestVerdict; line: string } | undefined {
  const order: [TestVerdict, string[]][] = [
    ['error', form.outcome.error],
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
  const o = verdictOf(form, output, exitCode, exitCodeTrusted);
  const failed = testsNamed(form.outcome.failedTest, output);
  if (o.outcome === 'unknown' || !failed) return o;
  // a runner that prints no line per passed test (unittest without -v) names none: not an empty list
  const passed = testsNamed(form.outcome.passedTest, output)?.filter((n) => !failed.includes(n));
  return { ...o, basis: failed.length ? `${o.basis}; failed: ${listed(failed)}` : o.basis, failedTests: failed, ...(passed ? { passedTests: passed } : {}) };
}

/** The names the runner's per-test lines give (`scope.name` where the line has a `scope` group), each once (undefined when the form has no such line). */
function testsNamed(pattern: string | undefined, output: string): string[] | undefined {
  if (!pattern) return undefined;
  return [...new Set([...output.matchAll(new RegExp(pattern, 'gm'))].map((m) => [m.groups?.scope, m.groups?.name].filter(Boolean).join('.')).filter((n) => !!n))];
}

function listed(ids: string[]): string {
  return ids.length > 6 ? `${ids.slice(0, 6).join(', ')} and ${ids.length - 6} more` : ids.join(', ');
}

function verdictOf(form: TestForm, output: string, exitCode: number | undefined, exitCodeTrusted: boolean): TestOutcome {
  const said = outputVerdict(form, output);
  const code = exitCodeTrusted ? exitCode : undefined;
  const meaning = code === undefined ? undefined : (form.exitCodes[String(code)] ?? 'error');
  const meanings = meaning === undefined ? undefined : [meaning].flat();
  const byCode = meanings && said && meanings.includes(said.verdict) ? said.verdict : meanings?.join(' or ');
  // an exit code the adapter reports but that is not the runner's own is not quoted as one
  const detail = said?.verdict === 'error' || meaning === 'error' ? errorDetail(form, output) : undefined;
  const base = { ...(said ? { summary: said.line } : {}), ...(code !== undefined ? { exitCode: code } : {}), ...(detail ? { detail } : {}) };
  if (said && byCode) {
    if (said.verdict === byCode) return { outcome: said.verdict, basis: `exit code ${code} and the runner's summary "${said.line}"`, ...base };
    return { outcome: 'unknown', basis: `the runner's summary "${said.line}" says ${said.verdict}, but exit code ${code} means ${byCode}`, ...base };
  }
  if (said) return { outcome: said.verdict, basis: `the runner's summary "${said.line}"`, ...base };
  if (byCode) return { outcome: 'unknown', basis: `exit code ${code} (${byCode}), but the runner printed no summary, so it may not have run the test: see the output`, ...base };
  return { outcome: 'unknown', basis: `the runner printed no summary${code === undefined ? ' and its exit code is not known here' : ''}: see the output`, ...base };
}

/**
 * The outcome from the runner's own report (JUnit XML): which tests failed and passed. A report
 * without test cases says nothing (a class that failed to load): then the output decides.
 */
export function reportOutcome(report: JUnitReport, fallback: TestOutcome): TestOutcome {
  const { failed, passed, skipped, errors = [] } = report;
  const list = listed;
  if (errors.length && !failed.length) return { ...fallback, outcome: 'error', basis: `the runner's report: ${errors.length} test file(s) failed to run: ${errors.join('; ')}` };
  // an error run's report names the file that failed to load as a test: the runner's own words say more
  if (fallback.outcome === 'error') return fallback;
  if (!failed.length && !passed.length) {
    if (!skipped.length) return fallback;
    return { ...fallback, outcome: 'no tests ran', basis: `the runner's report: none of the file's ${skipped.length} tests ran (none selected, or skipped); its tests as ids: ${list(skipped)}` };
  }
  const parts = [...(failed.length ? [`${failed.length} failed (${list(failed)})`] : []), `${passed.length} passed${failed.length ? '' : ` (${list(passed)})`}`, ...(skipped.length ? [`${skipped.length} skipped`] : [])];
  const outcome = failed.length ? 'failed' : 'passed';
  const disagrees = fallback.outcome !== 'unknown' && fallback.outcome !== outcome ? `; but the runner's output says ${fallback.outcome}` : '';
  return {
    ...fallback,
    outcome: disagrees ? 'unknown' : outcome,
    basis: `the runner's report: ${parts.join(', ')}${disagrees}`,
    failedTests: failed,
    passedTests: passed,
  };
}

function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end < 0 ? undefined : end).trim().replace(/^[=!]+\s*|\s*[=!]+$/g, '').replace(/\s+/g, ' ').slice(0, 160);
}

/** The first error of an error run, as the runner printed it (the form's `errorDetail`): `start: where: error lines`. */
export function errorDetail(form: TestForm, output: string): string | undefined {
  const spec = form.outcome.errorDetail;
  if (!spec) return undefined;
  const lines = output.split(/\r?\n/);
  const first = (re: RegExp, line: string) => {
    const m = re.exec(line);
    return m ? (m[1] ?? m[0]).trim() : undefined;
  };
  const startRe = new RegExp(spec.start);
  const begin = lines.findIndex((l) => startRe.test(l));
  if (begin < 0) return undefined;
  const errorRe = new RegExp(spec.error);
  const whereRe = spec.where ? new RegExp(spec.where) : undefined;
  let where: string | undefined;
  const errors: string[] = [];
  for (const line of lines.slice(begin + 1)) {
    const e = first(errorRe, line);
    if (e !== undefined) errors.push(e);
    else if (errors.length) break;
    else if (whereRe) where = first(whereRe, line) ?? where;
  }
  if (!errors.length) return undefined;
  const head = first(startRe, lines[begin]!)!;
  const parts = [where?.startsWith(head) ? undefined : head, where, errors.join(' ').replace(/\s+/g, ' ')].filter(Boolean);
  return parts.join(': ').slice(0, 400);
}
