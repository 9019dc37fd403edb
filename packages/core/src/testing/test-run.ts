import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Session } from '../session/session.js';
import type { BreakpointBook } from '../breakpoints/book.js';
import type { TestForm, TestSpec } from '../profiles/schema.js';
import { readOutcome, reportOutcome, type TestOutcome } from './outcome.js';
import { readJUnitReports, type JUnitReport, type ThrownFailure } from './junit-xml.js';
import { readJestJsonReports } from './jest-json.js';

const runs = new WeakMap<Session, TestRun>();

/** The test run a session was started for by debug_test, if any. */
export function testRunOf(session: Session): TestRun | undefined {
  return runs.get(session);
}

export interface TestRunConfig {
  session: Session;
  /** The test id as the agent gave it. */
  test: string;
  form: TestForm;
  spec: TestSpec;
  book: BreakpointBook;
  /** Whether the failure filters apply (false: only the agent's breakpoints stop it). */
  stopAtFailure: boolean;
  /** armAtTestStart profiles: temporary breakpoints at each selected test's first line; they arm the failure filters. */
  entryBreakpointIds?: string[];
  /** The profile's failureBreakpoints, set for this run: a stop at them is where the test failed. */
  failureBreakpointIds?: string[];
  /** The breakpoints the agent gave with the test (its session's own). */
  givenBreakpointIds?: string[];
  /** Where the runner writes its JUnit XML report (the outcome is read from it first). */
  reportDir?: string;
  /** What the answer says before the stop (the build that ran first, classes older than their sources). */
  notes?: string[];
  /** Failure stops the selected tests expect (the hook's `expectedFailures`): passed over, not shown as the failure. */
  expectedFailures?: ExpectedFailures;
  /** A second run for errors the first run's report named and never stopped at: an exception stop is shown only where one of them was thrown (its report's first project frame). */
  rerunOf?: ThrownFailure[];
}

/** A failure stop with a frame whose function matches `frames` (a regexp) is one its test expects, for the reason `why`. */
export interface ExpectedFailures {
  frames: string;
  why: string;
}

/**
 * One test run under the debugger: arms the failure stop where the profile needs it armed late,
 * finds the frame where the test failed, and reads the outcome when the runner ends.
 */
export class TestRun {
  readonly session: Session;
  readonly test: string;
  readonly form: TestForm;
  readonly stopAtFailure: boolean;
  readonly notes: string[];
  /** The breakpoints the agent gave with the test (its session's own). */
  readonly givenBreakpointIds: string[];
  private readonly reportDir?: string;
  private armed = false;
  private final?: TestOutcome;
  private readonly spec: TestSpec;
  private readonly book: BreakpointBook;
  private readonly entryIds: Set<string>;
  private readonly failureIds: Set<string>;
  private readonly normalFilters: string[];
  private readonly expected?: { frames: RegExp; why: string };
  private passedOver = 0;
  /** The exceptions (their text) the run stopped at in the project's code, for passRepeatedFailures. */
  private readonly failuresSeen = new Set<string>();
  /** Where (`file:line`, the first project frame) the run stopped at exceptions it showed. */
  private readonly shownAt = new Set<string>();
  /** The runner's report, once read. */
  private report?: JUnitReport;
  /** Errors a first run's report named: this run shows an exception stop only where one of them was thrown. */
  readonly rerunOf?: ThrownFailure[];

  constructor(config: TestRunConfig) {
    this.session = config.session;
    this.test = config.test;
    this.form = config.form;
    this.spec = config.spec;
    this.book = config.book;
    this.stopAtFailure = config.stopAtFailure;
    this.notes = config.notes ?? [];
    this.givenBreakpointIds = config.givenBreakpointIds ?? [];
    this.reportDir = config.reportDir;
    this.rerunOf = config.rerunOf;
    this.entryIds = new Set(config.entryBreakpointIds ?? []);
    this.failureIds = new Set(config.failureBreakpointIds ?? []);
    this.normalFilters = [...config.session.sync.exceptionFilters];
    if (config.expectedFailures) this.expected = { frames: new RegExp(config.expectedFailures.frames), why: config.expectedFailures.why };
    runs.set(this.session, this);
    // Registered before any tool waits on the session, so an entry stop is passed before a waiter sees it.
    this.session.on('state', (state) => {
      if (state === 'stopped') this.onStopReady();
      if (!this.session.live) {
        this.dropEntries();
        this.dropReportLater();
      }
    });
    // The session may have stopped before this run existed (a very fast start).
    if (this.session.state === 'stopped') this.onStopReady();
  }

  /** Whether the session is stopped at (only) a test's entry breakpoint. */
  private atEntryOnly(ids: string[]): boolean {
    return ids.length > 0 && ids.every((id) => this.entryIds.has(id));
  }

  /**
   * At a test's first line: arm the failure filters, then resume, both sent before any waiter
   * sees the stop (the adapter applies the filters before it resumes). At the first exception
   * stop while armed: disarm, since late-armed filters (java-debug's `caught`) stop again at each
   * rethrow by the runner; the next test's entry arms them again.
   */
  private onStopReady(): void {
    const stop = this.session.stop;
    if (!stop) return;
    if (this.expectedHere()) {
      this.passedOver++;
      if (this.passedOver === 1) this.notes.push(`Passed over a failure stop: ${this.expected!.why}.`);
      void this.session.continue().catch(() => undefined);
      return;
    }
    if (stop.reason === 'exception' && this.passThrownStop(stop.frames)) {
      void this.session.continue().catch(() => undefined);
      return;
    }
    const atEntry = stop.breakpointIds.some((id) => this.entryIds.has(id));
    const onlyEntry = this.atEntryOnly(stop.breakpointIds);
    for (const id of stop.breakpointIds) this.entryIds.delete(id);
    if (atEntry) {
      if (!this.armed) {
        this.armed = true;
        void this.session.sync.applyExceptionFilters(this.spec.failureFilters).catch(() => undefined);
      }
      if (onlyEntry) void this.session.continue().catch(() => undefined);
    } else if (this.spec.passRepeatedFailures && stop.reason === 'exception') {
      // the exception's own text: without the adapter's words for how it paused ("Paused on promise rejection")
      const generic = this.session.profile.stops.genericExceptionDescription;
      const key = (stop.description ?? stop.text ?? '').split('\n').filter((l) => !generic || !new RegExp(generic, 'i').test(l)).join('\n');
      const inProject = this.projectFrame(stop.frames) >= 0;
      if (!inProject && this.failuresSeen.has(key)) void this.session.continue().catch(() => undefined);
      else if (inProject) this.failuresSeen.add(key);
    } else if (this.armed && stop.reason === 'exception' && stop.frames.length) {
      this.armed = false;
      void this.session.sync.applyExceptionFilters(this.normalFilters).catch(() => undefined);
    }
  }

  /** Whether the run reruns tests for the errors its runner caught (the profile's `thrownRerun`, a report that names them). */
  get rerunsThrown(): boolean {
    return !!this.spec.thrownRerun && this.form.report?.format === 'jest-json' && this.stopAtFailure;
  }

  /**
   * With `thrownRerun`, an exception stop that is not where a failure is shown: one with no project
   * frame (the runner handing an error on; its report names it, and a second run stops where it
   * is thrown), and in that second run one away from where the report says its error was thrown
   * (the same error caught by the project's code before). Others are recorded as shown.
   */
  private passThrownStop(frames: { source?: { path?: string }; line: number }[]): boolean {
    if (!this.rerunsThrown) return false;
    const i = this.projectFrame(frames);
    if (i < 0) return true;
    const here = `${frames[i]!.source!.path}:${frames[i]!.line}`;
    if (this.rerunOf && !this.rerunOf.some((e) => this.thrownAt(e) === here)) return true;
    this.shownAt.add(here);
    return false;
  }

  /** Where the report says a test's error was thrown: its stack's first project frame (`file:line`). */
  private thrownAt(e: ThrownFailure): string | undefined {
    const at = this.whereThrown(e);
    return at && `${at.file}:${at.line}`;
  }

  /** Where the report says a test's error was thrown: its stack's first project frame. */
  whereThrown(e: ThrownFailure): { file: string; line: number } | undefined {
    return e.at[this.projectFrame(e.at.map((a) => ({ source: { path: a.file } })))];
  }

  /**
   * Once the runner ended and its report was read: the tests that failed with an error other than
   * an assertion's that the run never stopped at where it was thrown (the runner caught it), each
   * with a project frame to stop in. Empty for a second run.
   */
  thrownNotShown(): ThrownFailure[] {
    if (!this.rerunsThrown || this.rerunOf) return [];
    const notThrown = this.spec.thrownRerun?.notThrown ? new RegExp(this.spec.thrownRerun.notThrown) : undefined;
    return (this.report?.thrown ?? []).filter((e) => {
      if (notThrown?.test(e.message)) return false;
      const at = this.thrownAt(e);
      return !!at && !this.shownAt.has(at);
    });
  }

  /** At a failure stop inside a test that expects it (a frame of that test is on the stack). */
  private expectedHere(): boolean {
    const stop = this.session.stop;
    if (!this.expected || !stop || !this.atFailure()) return false;
    return stop.frames.some((f) => this.expected!.frames.test(f.name));
  }

  /** The runner's report, once the answers that end the run have read it (a run stopped early never reads it). */
  private dropReportLater(): void {
    const dir = this.reportDir;
    if (dir) setTimeout(() => void rm(dir, { recursive: true, force: true }).catch(() => undefined), 60_000).unref();
  }

  private dropEntries(): void {
    const left = [...this.entryIds, ...this.failureIds].filter((id) => this.book.get(id));
    if (left.length) this.book.remove(left);
    this.entryIds.clear();
  }

  /** Whether the stop is at the profile's failureBreakpoints (temporary ids the agent never set). */
  atFailureBreakpoint(): boolean {
    const stop = this.session.state === 'stopped' ? this.session.stop : undefined;
    return !!stop?.breakpointIds.length && stop.breakpointIds.every((id) => this.failureIds.has(id));
  }

  /** Whether the session is stopped where the test failed: an exception, a failure breakpoint, or the profile's failure function (a panic). */
  atFailure(): boolean {
    const stop = this.session.state === 'stopped' ? this.session.stop : undefined;
    if (!stop) return false;
    if (stop.reason === 'exception') return true;
    if (this.atFailureBreakpoint()) return true;
    const fn = this.spec.failureFunction;
    return !!fn && stop.breakpointIds.length === 0 && !!stop.frames[0] && new RegExp(fn).test(stop.frames[0].name);
  }

  /**
   * At a failure stop, the index of the frame where the test failed: the first frame whose
   * source is a file of the project (not the runner's, the language's or a library's). 0 otherwise.
   */
  failureFrame(): number {
    const stop = this.session.state === 'stopped' ? this.session.stop : undefined;
    if (!stop || !this.atFailure()) return 0;
    const i = this.projectFrame(stop.frames);
    return i < 0 ? 0 : i;
  }

  /**
   * At a failure stop that is a panic the test library recovered (the profile's `panicFrame` above
   * the failing frame): that frame, its function, and what panicked (undefined when unreadable).
   */
  async panicked(): Promise<{ frame: number; function: string; value?: string } | undefined> {
    const spec = this.spec.panicFrame;
    const stop = this.session.state === 'stopped' ? this.session.stop : undefined;
    if (!spec || !stop || !this.atFailure()) return undefined;
    const limit = this.failureFrame();
    const pattern = new RegExp(spec.function);
    const index = stop.frames.findIndex((f, i) => i < limit && pattern.test(f.name));
    if (index < 0) return undefined;
    const frame = stop.frames[index]!;
    const r = await this.session.reads.evaluate(spec.value, frame.id, 'watch', 'probe').catch(() => undefined);
    // delve's "(unreadable …)" is no value
    const value = r?.result && !/^\(unreadable\b/.test(r.result) ? r.result : undefined;
    return { frame: index, function: frame.name, ...(value ? { value } : {}) };
  }

  /** The first frame whose source is a file of the project (not the runner's, the language's or a library's); -1 when none is. */
  private projectFrame(frames: { source?: { path?: string } }[]): number {
    const library = this.spec.libraryFrames ? new RegExp(this.spec.libraryFrames) : undefined;
    return frames.findIndex((f) => {
      const path = f.source?.path;
      return !!path && !library?.test(path) && existsSync(path);
    });
  }

  /**
   * The outcome once the runner has ended (undefined while it runs). An `exited` session may
   * still be delivering output: without a summary yet, wait (bounded) for the session's end.
   */
  async outcome(waitMs = 2_000): Promise<TestOutcome | undefined> {
    const s = this.session;
    if (s.state !== 'exited' && s.live) return undefined;
    let result = this.read();
    if (!result.summary && s.state === 'exited') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        function done() {
          clearTimeout(timer);
          s.off('state', onState);
          resolve();
        }
        const onState = () => {
          if (!s.live) done();
        };
        s.on('state', onState);
      });
      result = this.read();
    }
    if (this.final) return this.final;
    const dir = this.reportDir;
    const report = dir ? await (this.form.report?.format === 'jest-json' ? readJestJsonReports(dir, s.cwd) : readJUnitReports(dir, this.form.report?.ids)) : undefined;
    if (report) {
      this.report = report;
      result = reportOutcome(report, result);
    }
    if (!s.live && this.reportDir) {
      // the runner is gone: its report is read for good
      this.final = result;
      await rm(this.reportDir, { recursive: true, force: true }).catch(() => undefined);
    }
    return result;
  }

  private read(): TestOutcome {
    const output = this.session.output.tail(5_000).map((e) => e.text).join('');
    return readOutcome(this.form, output, this.session.exitCode, this.spec.exitCodeTrusted);
  }
}
