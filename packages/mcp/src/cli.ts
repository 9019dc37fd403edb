import { createLogger, LOG_LEVELS, type LogLevel } from './logger.js';
import { VERSION } from './version.js';
import { FastStdioTransport } from './fast-stdio.js';
import type { EvalMode } from '@dapgate/core';

const HELP = `dapgate ${VERSION} — an MCP server that lets AI agents drive real debuggers (DAP)

Usage:
  dapgate [flags]                 serve MCP over stdio (what Cursor / Claude start)
  dapgate adapters [list]         which debug adapters are installed
  dapgate adapters install <id|all> [--from-release] [--force]
                                  install an adapter into dapgate's cache (python: debugpy in a private venv,
                                  with dapgate's debugpy fixes; --force reinstalls even if usable;
                                  java: builds the java-debug host; node: js-debug from its npm registry copy,
                                  or with --from-release from its official release, sha256-checked)
  dapgate doctor                  check the installation and say how to fix what is missing
  dapgate demo                    run a scripted MCP session on examples/python/ledger.py (and the Java
                                  ledger) and print the transcript
  dapgate --version | --help

Flags (each also an environment variable):
  --eval-mode MODE    what expressions may do: unrestricted | blocklist (default) | readonly
                                                                   DAPGATE_EVAL_MODE
  --allow-root DIR    only debug programs under DIR (repeatable)   DAPGATE_ALLOW_ROOTS (path-separated)
  --allow-roots DIR...  the same for every folder that follows, up to the next flag
  --log-file FILE     write logs there instead of stderr           DAPGATE_LOG_FILE
  --log-level LEVEL   error | warn | info (default) | debug         DAPGATE_LOG_LEVEL
  --log-json          one JSON object per log line                  DAPGATE_LOG_JSON=1
  --http HOST:PORT    serve MCP over streamable HTTP at /mcp instead of stdio; needs
                      DAPGATE_HTTP_TOKEN (bearer token), checks Origin and Host; each MCP client
                      gets its own workspace (sessions, breakpoints), named by the Dapgate-Workspace
                      header the gateway sends back
  --http-allow-remote with --http: listen on an address other than loopback (127.0.0.1, ::1);
                      anyone who can reach it and has the token drives debuggers on this
                      machine                                     DAPGATE_HTTP_ALLOW_REMOTE=1
  --shared-workspace  with --http: every client sees, drives and stops every session and shares
                      one breakpoint book                         DAPGATE_SHARED_WORKSPACE=1
  --quiet             only errors in the log (same as --log-level error)
  --no-mask-secrets   show credential-shaped values as they are      DAPGATE_MASK_SECRETS=0
  --no-install        never install a missing adapter on first use (say how instead)
                                                                   DAPGATE_NO_INSTALL=1

Other settings: DAPGATE_CACHE_DIR (where adapters are installed), DAPGATE_CONFIG_DIR (profiles folder),
DAPGATE_STATE_DIR (breakpoints and sessions kept between runs; default <cache>/state, off: none),
DAPGATE_WORKSPACE_IDLE_MS (with --http: how long a client's sessions outlive its last connection),
DAPGATE_MCP_SESSION_IDLE_MS (with --http: an MCP session idle this long is closed, default 600000),
DAPGATE_REQUEST_TIMEOUT_MS (per DAP request, default 10000), DAPGATE_HTTP_ALLOWED_ORIGINS (with --http).
Warm adapters: DAPGATE_POOL=0 (off), DAPGATE_WARM=python,java (warm these at start, not after their first launch).
Adapter overrides: DAPGATE_DEBUGPY_PYTHON (a Python with debugpy), DAPGATE_JAVA (a JDK's java),
DAPGATE_JAVA_DEBUG_HOST_JAR, DAPGATE_NODE, DAPGATE_JSDEBUG_PATH (a js-debug dapDebugServer.js).
`;

async function main(argv: string[]): Promise<number> {
  const flags = { http: undefined as string | undefined, evalMode: process.env.DAPGATE_EVAL_MODE || 'blocklist', maskSecrets: !/^(0|false|no|off)$/i.test(process.env.DAPGATE_MASK_SECRETS ?? ''), allowRoots: (process.env.DAPGATE_ALLOW_ROOTS ?? '').split(process.platform === 'win32' ? ';' : ':').filter(Boolean), logFile: process.env.DAPGATE_LOG_FILE, logLevel: process.env.DAPGATE_LOG_LEVEL ?? 'info', logJson: /^(1|true|yes|on)$/i.test(process.env.DAPGATE_LOG_JSON ?? ''), sharedWorkspace: /^(1|true|yes|on)$/i.test(process.env.DAPGATE_SHARED_WORKSPACE ?? ''), allowRemote: /^(1|true|yes|on)$/i.test(process.env.DAPGATE_HTTP_ALLOW_REMOTE ?? ''), autoInstall: !/^(1|true|yes|on)$/i.test(process.env.DAPGATE_NO_INSTALL ?? '') };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--help' || a === '-h') {
      process.stdout.write(HELP);
      return 0;
    } else if (a === '--version' || a === '-v') {
      process.stdout.write(`${VERSION}\n`);
      return 0;
    } else if (a === '--allow-root') flags.allowRoots.push(value());
    else if (a === '--allow-roots') while (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags.allowRoots.push(argv[++i]!);
    else if (a === '--log-file') flags.logFile = value();
    else if (a === '--quiet') flags.logLevel = 'error';
    else if (a === '--log-level') flags.logLevel = value();
    else if (a === '--log-json') flags.logJson = true;
    else if (a === '--no-mask-secrets') flags.maskSecrets = false;
    else if (a === '--no-install') flags.autoInstall = false;
    else if (a === '--eval-mode') flags.evalMode = value();
    else if (a === '--http') flags.http = value();
    else if (a === '--shared-workspace') flags.sharedWorkspace = true;
    else if (a === '--http-allow-remote') flags.allowRemote = true;
    else if (a === '--from-release' || a === '--force') positional.push(a);
    else if (a.startsWith('-')) throw new UsageError(`unknown flag ${a}`);
    else positional.push(a);
  }
  const [command, ...rest] = positional;
  if (command === 'adapters') return (await import('./commands/adapters.js')).adaptersCommand(rest);
  if (command === 'doctor') return (await import('./commands/adapters.js')).doctorCommand();
  if (command === 'demo') return (await import('./commands/demo.js')).demoCommand();
  if (command) throw new UsageError(`unknown command '${command}'`);
  if (!(LOG_LEVELS as readonly string[]).includes(flags.logLevel)) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')} (got '${flags.logLevel}')`);
  const logSettings = { level: flags.logLevel as LogLevel, file: flags.logFile, json: flags.logJson };
  if (flags.http) {
    const token = process.env.DAPGATE_HTTP_TOKEN;
    if (!token || token.length < 16) throw new UsageError('--http needs DAPGATE_HTTP_TOKEN set to a secret of at least 16 characters (clients send it as a bearer token)');
    const { isLoopback } = await import('./http-guard.js');
    if (!isLoopback(flags.http.replace(/:\d+$/, '')) && !flags.allowRemote) throw new UsageError(`--http ${flags.http} would accept connections from other machines; listen on 127.0.0.1, or add --http-allow-remote if that is meant`);
    const [{ serveHttp }, { EVAL_MODES }, logger] = await Promise.all([import('./http.js'), import('./server.js'), createLogger(logSettings)]);
    checkEvalMode(EVAL_MODES, flags.evalMode);
    await serveHttp({ ...gatewayOptions(flags), logger }, flags.http, token, flags.sharedWorkspace);
    return -1;
  }
  // Start reading stdin (and answering initialize) before the MCP SDK and winston have loaded.
  const transport = new FastStdioTransport();
  const [{ serveStdio }, { EVAL_MODES }, logger] = await Promise.all([import('./stdio.js'), import('./server.js'), createLogger(logSettings)]);
  checkEvalMode(EVAL_MODES, flags.evalMode);
  await serveStdio({ ...gatewayOptions(flags), logger }, transport);
  return -1; // keep serving
}

function gatewayOptions(flags: { allowRoots: string[]; maskSecrets: boolean; evalMode: string; autoInstall: boolean }) {
  return { allowRoots: flags.allowRoots, maskSecrets: flags.maskSecrets, evalMode: flags.evalMode as EvalMode, autoInstall: flags.autoInstall };
}

class UsageError extends Error {}

/** The mode list lives in core; it is checked once the server code is loaded, not on every CLI start. */
function checkEvalMode(modes: readonly string[], mode: string): void {
  if (!modes.includes(mode)) throw new UsageError(`--eval-mode must be one of ${modes.join(', ')} (got '${mode}')`);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e) => {
    // a broken profile (core's ProfileError) names its file and field: the stack would add nothing
    const said = (e as Error)?.name === 'ProfileError' ? (e as Error).message : ((e as Error)?.stack ?? String(e));
    process.stderr.write(e instanceof UsageError ? `dapgate: ${e.message}\n(see dapgate --help)\n` : `dapgate: ${said}\n`);
    process.exit(2);
  },
);
