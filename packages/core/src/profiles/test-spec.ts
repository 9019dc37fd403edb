import { z } from 'zod';
import { regexp } from './regexp.js';

/** What a test run's end means (a runner's exit code, a report). */
const Verdict = z.enum(['passed', 'failed', 'no tests ran', 'error']);

/** One way of naming a test (a pytest node id, a unittest name, a JUnit class#method, ...). */
const TestForm = z.object({
  /** Shown in answers: which runner the id was read as. */
  runner: z.string(),
  /** An id in this form, shown when an id cannot be read. */
  example: z.string(),
  /** A regexp over the test id; its named groups become template variables (`file`, `name`, ...). */
  match: regexp(),
  /** Fixed template variables for this form and the profile's prepareTest hook (e.g. a runner's Maven coordinates). */
  vars: z.record(z.unknown()).default({}),
  /** The launch as a template over `test`, `cwd` and the groups: `program`, `args`, the profile's `fields` (module, mainClass, ...), other template variables (runtimeArgs, ...). */
  launch: z.record(z.unknown()),
  /** Raw DAP launch arguments merged last (e.g. js-debug's skipFiles; an env variable set to null is removed). */
  adapterArgs: z.record(z.unknown()).optional(),
  /** What the runner's output says when it ends: regexps, tried in this order; the first that matches decides. */
  outcome: z.object({
    failed: z.array(regexp()).default([]),
    passed: z.array(regexp()).default([]),
    noTests: z.array(regexp()).default([]),
    /**
     * The runner's line for each test that failed / passed (a `name` group, after a `scope` group if
     * any: `scope.name`): the outcome names them. A test named as failed is never counted passed
     * (a `passedTest` that spans a test's own output may match a failed one too).
     */
    failedTest: regexp().optional(),
    passedTest: regexp().optional(),
    /** The runner could not run the tests (a collection or usage error); tried first. */
    error: z.array(regexp()).default([]),
    /**
     * Where an error run says what went wrong, as the runner printed it: after the first line
     * matching `start`, the last line matching `where` before the first line matching `error`,
     * and that line with the `error` lines right after it (each regexp's first group, if any).
     */
    errorDetail: z.object({ start: regexp(), where: regexp().optional(), error: regexp() }).optional(),
  }),
  /** A report the runner writes (JUnit XML, or Jest's JSON that Vitest writes too, into `dir`, a template over the hook's variables): the outcome and which tests failed are read from it first. */
  report: z
    .object({
      format: z.enum(['junit-xml', 'jest-json']),
      dir: z.string(),
      /** How a test case is named: `class.name` (JUnit's), or `file::Class::name` from the case's `file` attribute (pytest's node ids; `classname` is the file's dotted path, then its classes). */
      ids: z.enum(['class.name', 'file::name']).default('class.name'),
    })
    .optional(),
  /** Exit codes of this runner and what they mean (others: an error of the runner); a list where one code means either (go test exits 0 when no test matched). */
  exitCodes: z.record(z.union([Verdict, z.array(Verdict)])).default({}),
});

/** debug_test: how a test id becomes a launch, and how the failing assertion is stopped at. */
export const TestSpec = z.object({
  forms: z.array(TestForm).min(1),
  /** Exception filters that stop where a test fails (instead of the profile's defaults). */
  failureFilters: z.array(z.string()).default([]),
  /** The same with a condition (DAP filterOptions), for adapters that take them. */
  failureFilterOptions: z.array(z.object({ filterId: z.string(), condition: z.string().optional() })).default([]),
  /**
   * The failure filters would stop at the runner's own exceptions (java-debug's `caught`): arm
   * them only once the test method starts (the hook names its first line as `entry`), and disarm
   * them at the first exception stop.
   */
  armAtTestStart: z.boolean().default(false),
  /**
   * A regexp of the function a stop is in when the profile's own breakpoint catches a failure
   * (Rust: `rust_panic`); such a stop counts as where the test failed, like an exception stop.
   */
  failureFunction: regexp().optional(),
  /**
   * Functions where a failing test stops when its failure raises nothing (Go: `t.Errorf` and
   * `t.Fatalf` call `testing.(*common).Fail`): debug_test sets them as temporary function
   * breakpoints for the run; a stop at one counts as where the test failed.
   */
  failureBreakpoints: z.array(z.string()).default([]),
  /**
   * A failure that is a panic the test library recovered (Go: tRunner's deferred handler calls
   * `Fail` with `runtime.gopanic` still on the stack): the frame `function` matches, and
   * `value`, evaluated there, is what panicked; said with the failure.
   */
  panicFrame: z.object({ function: regexp(), value: z.string() }).strict().optional(),
  /**
   * An exception stop the adapter's failure filter reports though the test handled the exception
   * (debugpy's `userUnhandled` at a test function that returns normally after `with
   * pytest.raises`): `expression` is evaluated in the stopped thread's top frame at each exception
   * stop of the run, and a result matching `handled` resumes the stop unseen.
   */
  handledCheck: z.object({ expression: z.string(), context: z.string().default('watch'), handled: regexp() }).optional(),
  /**
   * A stop at an exception the run already stopped at (the same text) with no frame of the project
   * on the stack is the runner handing the failure on (Jest rejects the test's promise with it,
   * which js-debug's `uncaught` filter stops at): it is continued, not shown again.
   */
  passRepeatedFailures: z.boolean().default(false),
  /**
   * Runners that catch what a test throws (Jest, Vitest): a failure stop must be matched to one
   * error before it is thrown. With this, an exception stop with no frame of the project on the
   * stack (the runner handing an error on) is continued unseen; when the run's report (`jest-json`)
   * says a test failed with an error other than an assertion's that the run never stopped at,
   * debug_test runs those tests once more with this exception filter, whose `condition` holds
   * `${errors}`: each error's `match` (with `${name}` and `${message}` as string literals), joined by ` || `.
   */
  thrownRerun: z
    .object({
      filterId: z.string(),
      match: z.string(),
      condition: z.string(),
      /** Messages of errors the runner makes itself and never throws where the stack points (its timeouts): no second run for them. */
      notThrown: regexp().optional(),
    })
    .optional(),
  /** Whether the adapter's exit code is the runner's own (java-debug always says 0; js-debug reports the parent's only sometimes). */
  exitCodeTrusted: z.boolean(),
  /** A regexp of frame source paths that are not the project's code (node_modules, site-packages): the failure is shown in the first other frame. */
  libraryFrames: regexp().optional(),
});

export type TestSpec = z.infer<typeof TestSpec>;
export type TestForm = z.infer<typeof TestForm>;
