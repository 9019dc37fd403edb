import type { SessionManager } from '../session/manager.js';
import type { ThrownFailure } from './junit-xml.js';
import { launchTest, type TestRequest } from './test-launch.js';
import type { TestRun } from './test-run.js';

/**
 * A runner that catches what a test throws (Jest, Vitest) gives no stop where an error other than
 * an assertion's is thrown: at that throw nothing tells it from one the code under test catches
 * itself. Once the run has ended, its report says which error each failed test ended with; this
 * runs those tests once more (one run for all of them, each selected by its full name) with an
 * exception filter whose condition matches exactly those errors (name and message), so the stop is
 * where one is thrown. Undefined when the first run showed every such error (or has none).
 */
export async function rerunThrown(manager: SessionManager, first: TestRun, req: TestRequest): Promise<{ run: TestRun; errors: ThrownFailure[] } | undefined> {
  if (first.session.state === 'stopped' || !first.rerunsThrown) return undefined;
  await first.outcome();
  const errors = first.thrownNotShown();
  if (!errors.length) return undefined;
  const run = await launchTest(manager, { ...req, rerunOf: errors });
  return { run, errors };
}
