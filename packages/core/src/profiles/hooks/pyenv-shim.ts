import { readFile, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathExists } from '../../paths.js';

/**
 * The interpreter a pyenv shim would run in `cwd`, read from pyenv's own files instead of starting
 * the shim (~0.3 s): `PYENV_VERSION`, else the nearest `.python-version` at or above `cwd`, else
 * `$PYENV_ROOT/version`; its first version's `bin/<command>`. Undefined when `path` is no pyenv shim
 * or the choice is anything but an installed version named in full ("system", a prefix such as
 * "3.11", a plugin's name): the caller then asks the shim itself.
 */
export async function pyenvShimTarget(path: string, cwd: string): Promise<string | undefined> {
  const shim = await realpath(path).catch(() => undefined);
  if (!shim || basename(dirname(shim)) !== 'shims') return undefined;
  const root = dirname(dirname(shim));
  if (!(await pathExists(join(root, 'libexec', 'pyenv')))) return undefined;
  const version = firstVersion(process.env.PYENV_VERSION ?? '') ?? (await nearestVersionFile(cwd)) ?? firstVersion(await readFile(join(root, 'version'), 'utf8').catch(() => ''));
  if (!version || version === 'system' || version.includes('/')) return undefined;
  const target = join(root, 'versions', version, 'bin', basename(shim));
  return (await pathExists(target)) ? target : undefined;
}

/** The first version a pyenv version string or file names (words; `#` lines are comments). */
function firstVersion(text: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    const word = line.trim().split(/[\s:]+/)[0];
    if (word && !word.startsWith('#')) return word;
  }
  return undefined;
}

async function nearestVersionFile(cwd: string): Promise<string | undefined> {
  for (let at = resolve(cwd); ; at = dirname(at)) {
    const text = await readFile(join(at, '.python-version'), 'utf8').catch(() => undefined);
    if (text !== undefined) return firstVersion(text);
    if (dirname(at) === at) return undefined;
  }
}
