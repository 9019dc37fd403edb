import { z } from 'zod';
import { launchTest, rerunThrown, shortPath, type SessionManager, type TestRequest, type TestRun } from '@dapgate/core';
import { params, tool } from './register.js';
import { ok } from './result.js';
import { settle } from './waiting.js';
import { describe, headline, type Description } from '../format/session.js';
import { contextBlock, sourceLines } from '../format/source.js';
import { frameFile, frameLabel, localsLine } from '../format/frames.js';
import { outputs } from './output-schemas.js';
import { NOT_STOPPED } from '../format/test-outcome.js';
import { bindingNotes } from '../format/breakpoints.js';
import { clip } from '../format/text.js';

const TEST_WAIT_MS = 60_000;

export const debugTestTool = tool(
    'debug_test',
    {
      title: 'Test',
      description: 'Debug one test: stops where it fails (unless stopAtFailure: false), then its outcome. Ids: debug_languages.',
      input: {
        test: z.string(),
        cwd: z.string().optional(),
        language: z.string().optional(),
        breakpoints: z.array(params.breakpoint).optional(),
        stopAtFailure: z.boolean().optional(),
        env: params.env,
        timeoutMs: params.timeoutMs(TEST_WAIT_MS),
      },
      output: outputs.test,
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    async (a, { manager, signal, progress }) => {
      const cwd = a.cwd ?? process.cwd();
      const req = { test: a.test, language: a.language, cwd, env: a.env, stopAtFailure: a.stopAtFailure, breakpoints: a.breakpoints };
      let run = await launchTest(manager, req);
      let d = await settle(run.session, a.timeoutMs ?? TEST_WAIT_MS, signal, 3, progress);
      // the runner caught an error other than an assertion's where it was thrown: a second run of those tests stops there
      const second = d.structured.waitTimedOut ? undefined : await secondRun(manager, run, d, req, a.timeoutMs ?? TEST_WAIT_MS, signal, progress);
      if (second?.shown) ({ run, d } = second.shown);
      const lead = second?.shown ? [second.text] : [];
      const trail = second && !second.shown ? [second.text] : [];
      const failure = await failureFrame(run, d);
      const head = `Test ${a.test} (${run.session.profile.id}, ${run.form.runner})`;
      const failed = run.atFailure();
      // the failure breakpoint's id names nothing the agent set (it is gone already)
      if (run.atFailureBreakpoint()) d.text = d.text.replace(/ stopped at breakpoint [^,]+,/, ' stopped where the test failed,');
      const lines = [...run.notes, ...lead, failed ? `${head} failed here:` : run.session.state === 'stopped' ? `${head}:` : `${head} ran${d.structured.waitTimedOut ? '' : ' to its end'}:`, d.text];
      if (failure) lines.push(failure);
      // a breakpoint given that did not bind: the stop above (or the end) is not where the agent asked
      const unbound = bindingNotes(run.session, run.givenBreakpointIds);
      if (unbound) lines.push(unbound);
      lines.push(...trail);
      if (run.session.state === 'stopped') lines.push('Next: debug_continue runs it to its end and reports the outcome (debug_stop ends it).');
      return ok(lines.join('\n'), { ...d.structured, test: a.test, runner: run.form.runner, breakpoints: run.givenBreakpointIds, ...(second ? { rerun: second.structured } : {}) });
    },
);

/**
 * When the run ended and its report names tests that failed with an error the runner caught where
 * it was thrown (rerunThrown): those tests run once more, stopping where that error is thrown.
 * `shown`: the second run, when it stopped (or still runs); else `text` says it did not throw it
 * there and the first run's answer (its outcome) stands.
 */
async function secondRun(manager: SessionManager, first: TestRun, d: Description, req: TestRequest, timeoutMs: number, signal: AbortSignal, progress: Parameters<typeof settle>[4]) {
  const again = await rerunThrown(manager, first, req);
  if (!again) return undefined;
  const tests = [...new Set(again.errors.map((e) => e.test))];
  const errors = again.errors.map((e) => {
    const at = first.whereThrown(e);
    return `${e.test} failed with ${e.name}: ${e.message.split('\n')[0]!.slice(0, 200)}${at ? ` (thrown at ${shortPath(at.file, first.session.cwd)}:${at.line})` : ''}`;
  });
  const thatError = errors.length > 1 ? 'those errors are' : 'that error is';
  const d2 = await settle(again.run.session, timeoutMs, signal, 3, progress);
  const reproduced = again.run.session.state === 'stopped';
  const structured = { tests, errors, reproduced, firstOutcome: d.structured.testOutcome };
  // the first run's note that a second run would stop there: this answer says what it did
  d.text = d.text.split('\n').filter((l) => !l.startsWith(NOT_STOPPED)).join('\n');
  if (reproduced || d2.structured.waitTimedOut) {
    const text = `The first run ran to its end with no stop: ${errors.join('; ')}, which the test runner caught, so nothing stopped where it was thrown. This is a second run of ${tests.join(', ')}, to stop where ${thatError} thrown:`;
    return { shown: { run: again.run, d: d2 }, text, structured };
  }
  const outcome = d2.text.split('\n').find((l) => l.startsWith('Test outcome:'))?.replace(/^Test outcome: /, '').replace(/\.$/, '') ?? `the session ${again.run.session.state}`;
  const text = `The runner caught the error where it was thrown (${errors.join('; ')}); a second run of ${tests.join(', ')}, to stop where ${thatError} thrown, did not throw it there (a flaky or order-dependent test?): its outcome was ${outcome}. The outcome above is the first run's.`;
  return { text, structured };
}

/**
 * At an exception stop inside the runner or an assertion library: the project's frame where the
 * test failed, with its source and locals (frame 0 is then not the test's code).
 */
async function failureFrame(run: TestRun, d: Description): Promise<string | undefined> {
  const s = run.session;
  if (!run.atFailure()) return undefined;
  const index = run.failureFrame();
  d.structured.failureFrame = index;
  if (index === 0) return undefined;
  // frame 0 is the runner's or an assertion library's: show where it is in one line, not its source and locals
  const top = await describe(s, { source: false, locals: false, frames: 3 });
  // the failing frame is said below, with its source and locals
  const shown = top.text.split('\n').filter((l) => !l.startsWith('Where the test failed:')).join('\n');
  // the same stop described again (its first line may differ: a panic's message can arrive in between)
  d.text = d.text.startsWith(`${headline(s)} stopped `) ? shown : d.text;
  delete d.structured.locals;
  const frame = s.stop!.frames[index]!;
  const out = [`Failing frame ${index} (the test's code; pass frame: ${index} to debug_variables / debug_evaluate): ${frameLabel(frame, s.cwd)}`];
  const text = await sourceLines(frame.source, s);
  if (text) out.push(contextBlock(text, frame.line));
  try {
    const scopes = await s.frameVariables(index, { depth: 0, maxItems: 25 });
    const { text: locals, values } = localsLine(scopes, 500, s.profile.variables);
    out.push(`Locals: ${locals}`);
    d.structured.failureLocals = values;
  } catch (e) {
    out.push(`Locals: unavailable (${(e as Error).message})`);
  }
  d.structured.failureLocation = { frame: index, file: frameFile(frame), line: frame.line, function: frame.name };
  // a panic the test library recovered to report it: what panicked, which the failure's own text does not say yet
  const panic = await run.panicked();
  if (panic) out.push(`The test panicked (frame ${panic.frame}, ${panic.function}): ${panic.value ? clip(panic.value, 300) : 'what panicked could not be read here; the runtime prints it as the run goes on (debug_continue)'}.`);
  return out.join('\n');
}
