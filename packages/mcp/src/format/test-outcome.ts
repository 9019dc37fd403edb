import { testRunOf, type Session } from '@dapgate/core';

/** For a session debug_test started that has ended: the test's outcome line and its structured form. */
export async function testOutcome(s: Session): Promise<{ line: string; structured: Record<string, unknown> } | undefined> {
  const run = testRunOf(s);
  const o = run && (await run.outcome());
  if (!o) return undefined;
  const verdict = o.outcome === 'unknown' ? 'UNKNOWN' : o.outcome === 'no tests ran' ? 'NO TESTS RAN' : o.outcome.toUpperCase();
  return {
    line: `Test outcome: ${verdict} — ${o.outcome === 'unknown' ? '' : 'from '}${o.basis}${o.detail ? `: ${o.detail}` : ''}.`,
    structured: {
      outcome: o.outcome,
      basis: o.basis,
      ...(o.summary ? { summary: o.summary } : {}),
      ...(o.exitCode !== undefined ? { exitCode: o.exitCode } : {}),
      ...(o.detail ? { detail: o.detail } : {}),
      ...(o.failedTests ? { failedTests: o.failedTests, passedTests: o.passedTests } : {}),
    },
  };
}
