import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GatewayError } from '../../errors.js';
import { pathExists } from '../../paths.js';
import { signalName } from './exit-signals.js';
import { prepareGoTest } from './go-test.js';
import type { ProfileHooks, TemplateVars } from './types.js';

const MODES = ['debug', 'exec', 'test'];

/**
 * Go launch forms: a main package (its folder, or one of its .go files) built by delve with
 * optimizations off (`debug`), a package's tests (`test`), or a prebuilt binary (`exec`).
 * delve builds in its own working directory, so the adapter runs in the package's module
 * (`goModule`, used by the profile's adapter.cwd).
 */
export const goHooks: ProfileHooks = {
  async prepareLaunch(vars: TemplateVars) {
    const program = vars.program!;
    const isFolder = (await stat(program)).isDirectory();
    const isSource = !isFolder && program.endsWith('.go');
    const given = vars.mode as string | undefined;
    if (given !== undefined && !MODES.includes(given)) {
      throw new GatewayError(`unknown Go launch mode '${given}'`, `use one of: ${MODES.join(', ')} (or leave it out: a folder or .go file is built, anything else is run as a binary)`, 'bad-arguments');
    }
    const mode = given ?? (isFolder || isSource ? (program.endsWith('_test.go') ? 'test' : 'debug') : 'exec');
    vars.mode = mode;
    if (mode === 'exec') {
      if (isFolder || isSource) throw new GatewayError(`mode exec runs a prebuilt binary, but ${program} is ${isFolder ? 'a folder' : 'Go source'}`, 'leave mode out (or use debug/test) to build it, or pass the binary built with -gcflags="all=-N -l"', 'bad-arguments');
      vars.goModule = vars.cwd;
      return;
    }
    if (!isFolder && !isSource) throw new GatewayError(`mode ${mode} builds Go source, but ${program} is neither a folder nor a .go file`, 'pass the package folder (or one of its .go files), or mode exec for a prebuilt binary', 'bad-arguments');
    const pkg = isFolder ? program : dirname(program);
    if (mode === 'debug') await requireMain(pkg);
    vars.program = pkg;
    vars.goModule = (await moduleRoot(pkg)) ?? pkg;
  },
  prepareTest: prepareGoTest,
  // delve reports death by signal N as exit code -N (an exit status itself is never negative)
  exitSignal: (code) => (code < 0 ? signalName(-code) : undefined),
};

/** delve's build of a package that is not main makes no program ("not an executable file"): said first, with what runs it. */
async function requireMain(pkg: string): Promise<void> {
  const sources = (await readdir(pkg)).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  const names = new Set<string>();
  for (const f of sources) {
    const clause = /^package\s+(\w+)/m.exec(await readFile(join(pkg, f), 'utf8'));
    if (clause) names.add(clause[1]!);
  }
  if (names.size === 0 || names.has('main')) return;
  const name = [...names][0];
  throw new GatewayError(
    `${pkg} is package ${name}, not package main: there is no program to run`,
    `run its tests under the debugger instead (launch it with mode "test" and args ["-test.run", "^TestName$"], or by test id), or pass the folder of a main package that uses it`,
    'bad-arguments',
  );
}

/** The folder of the nearest go.mod at or above `dir`. */
async function moduleRoot(dir: string): Promise<string | undefined> {
  for (let at = dir; ; at = dirname(at)) {
    if (await pathExists(join(at, 'go.mod'))) return at;
    if (dirname(at) === at) return undefined;
  }
}
