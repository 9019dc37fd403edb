import { shortPath, testRunOf, type Session } from '@dapgate/core';

/** How the line starts that names the errors a test run never stopped at (debug_test drops it when it runs the test again itself). */
export const NOT_STOPPED = 'Not stopped at:';

/** For a session debug_test started that has ended: the test's outcome line and its structured form. */
export async function testOutcome(s: Session): Promise<{ line: string; structured: Record<string, unknown> } | undefined> {
  const run = testRunOf(s);
  const o = run && (await run.outcome());
  if (!o) return undefined;
  const verdict = o.outcome === 'unknown' ? 'UNKNOWN' : o.outcome === 'no tests ran' ? 'NO TESTS RAN' : o.outcome.toUpperCase();
  // errors the runner caught where they were thrown (no stop there): a second run of the test stops at them
  const unseen = run.thrownNotShown().map((e) => {
    const at = run.whereThrown(e);
    return `${e.test} failed with ${e.name}: ${e.message.split('\n')[0]!.slice(0, 200)}${at ? ` (thrown at ${shortPath(at.file, s.cwd)}:${at.line})` : ''}`;
  });
  const note = unseen.length ? `\n${NOT_STOPPED} ${unseen.join('; ')}; the test runner caught it, so no stop was where it was thrown: debug_test with that test's id runs it again and stops there.` : '';
  return {
    line: `Test outcome: ${verdict} — ${o.outcome === 'unknown' ? '' : 'from '}${o.basis}${o.detail ? `: ${o.detail}` : ''}.${note}`,
    structured: {
      outcome: o.outcome,
      basis: o.basis,
      ...(o.summary ? { summary: o.summary } : {}),
      ...(o.exitCode !== undefined ? { exitCode: o.exitCode } : {}),
      ...(o.detail ? { detail: o.detail } : {}),
      ...(o.failedTests ? { failedTests: o.failedTests, passedTests: o.passedTests } : {}),
      ...(unseen.length ? { notStoppedAt: unseen } : {}),
    },
  };
}
