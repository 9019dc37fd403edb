import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathExists, venvPython } from '../../paths.js';
import { runCommand } from '../../process/run-command.js';
import { which, whichFirst } from '../../which.js';
import { GatewayError } from '../../errors.js';
import { explainPtraceRefusal } from './lldb-common.js';
import { wrappedSignalNote } from './exit-signals.js';
import type { ProfileHooks, TemplateVars } from './types.js';
import { resolvePythonTest } from './python-test-ids.js';
import { pyenvShimTarget } from './pyenv-shim.js';
import { xdistOff } from './pytest-xdist.js';

/** The interpreters looked for on PATH when the project has no .venv. */
const PATH_PYTHONS = ['python3', 'python'];

/**
 * The debuggee's interpreter, chosen independently of the one running debugpy's adapter:
 * the `python` adapter argument, else the project's .venv (cwd, then the program's folder and its
 * parents), else python3 / python on PATH.
 */
export const pythonHooks: ProfileHooks = {
  async prepareLaunch(vars: TemplateVars) {
    const explicit = vars.adapterArgs?.python;
    if (typeof explicit === 'string' || Array.isArray(explicit)) return;
    const found = (await projectVenvPython(vars)) ?? (await whichFirst(PATH_PYTHONS));
    vars.python = found && (await realInterpreter(found, vars.cwd));
  },
  /**
   * debug_test: pytest writes its JUnit XML report (the outcome and which tests failed are read
   * from it) into a fresh folder; the id is checked against what the runner collects first.
   */
  async prepareTest(vars: TemplateVars) {
    vars.testNotes = [];
    const python = (await projectVenvPython(vars)) ?? (await whichFirst(PATH_PYTHONS));
    const real = python && (await realInterpreter(python, vars.cwd));
    // pytest-xdist's workers turned off when the project turns them on (the form's xdistOff), decided while the id is resolved
    const selection = vars.collect === 'pytest' ? [String(vars.test)] : [];
    if (real) await Promise.all([resolvePythonTest(real, vars), typeof vars.xdistOff === 'string' ? xdistOff(real, vars, selection) : undefined]);
    if (String(vars.collect).startsWith('pytest')) vars.reportsDir = await mkdtemp(join(tmpdir(), 'dapgate-pytest-'));
  },
  async lookUpAhead() {
    const found = await whichFirst(PATH_PYTHONS);
    if (found) await realInterpreter(found, process.cwd());
  },
  /** By pid, debugpy injects itself with gdb (Linux) or lldb (macOS): say up front when that is missing. */
  async prepareAttach(vars: TemplateVars) {
    if (typeof vars.processId !== 'number' || process.platform === 'win32') return;
    const injector = process.platform === 'darwin' ? 'lldb' : 'gdb';
    if (!(await which(injector))) {
      throw new GatewayError(
        `attaching to a Python process by pid needs ${injector}: debugpy injects itself into the process with it, and ${injector} is not on PATH`,
        `install ${injector}${injector === 'gdb' ? ' (Debian/Ubuntu: apt-get install gdb)' : ' (xcode-select --install)'}, or start the program with python -m debugpy --listen 5678 and attach by port`,
        'toolchain-missing',
      );
    }
  },
  // only an attach by pid goes through ptrace; a port attach's failure is the port's (session/connection/attach-port.ts)
  explainAttachFailure: async (message, vars) => (typeof vars.processId === 'number' ? explainPtraceRefusal(message) : undefined),
  describeExit: (code) => wrappedSignalNote(code, "debugpy's launcher"),
};

/** Interpreter path and the version file that governs it -> the executable behind it; concurrent launches share one probe. */
const interpreters = new Map<string, Promise<string>>();

/** Files a version manager's shim reads its version from, in the folder it runs in or a parent (pyenv, asdf). */
const VERSION_FILES = ['.python-version', '.tool-versions'];

/**
 * The interpreter behind a launcher script (pyenv shims cost ~0.3 s per start: read from pyenv's
 * files where they say it plainly, else the shim is asked), asked in the folder
 * the program runs in, since a shim picks its version from that folder's .python-version: once per
 * path and governing version file per gateway run (the lookup ahead serves every folder without one).
 */
async function realInterpreter(path: string, cwd: string): Promise<string> {
  const key = `${path}\0${await versionFile(cwd)}`;
  let real = interpreters.get(key);
  if (!real) {
    real = pyenvShimTarget(path, cwd).then(
      async (known) =>
        known ??
        runCommand(path, ['-c', 'import sys; print(sys.executable)'], { timeoutMs: 10_000, cwd }).then(async (r) => {
          const printed = r.ok ? r.stdout.trim() : '';
          return printed && (await pathExists(printed)) ? printed : path;
        }),
    );
    interpreters.set(key, real);
  }
  return real;
}

/** The nearest version file at or above `dir` ('' when none: the manager's global choice). */
async function versionFile(dir: string): Promise<string> {
  for (let at = resolve(dir); ; at = dirname(at)) {
    for (const name of VERSION_FILES) if (await pathExists(join(at, name))) return join(at, name);
    if (dirname(at) === at) return '';
  }
}

/** Folder searched -> the .venv interpreter found from it. Only hits are kept: a folder without one is searched again next time. */
const venvs = new Map<string, string>();

async function projectVenvPython(vars: TemplateVars): Promise<string | undefined> {
  const starts = [vars.cwd];
  if (vars.program) starts.push(dirname(resolve(vars.cwd, vars.program)));
  for (const start of starts) {
    const known = venvs.get(start);
    if (known && (await pathExists(known))) return known;
    for (let dir = start; ; dir = dirname(dir)) {
      const candidate = venvPython(join(dir, '.venv'));
      if (await pathExists(candidate)) {
        venvs.set(start, candidate);
        return candidate;
      }
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}
