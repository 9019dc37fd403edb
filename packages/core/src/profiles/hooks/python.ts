import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { venvPython } from '../../paths.js';
import { which } from '../../which.js';
import type { ProfileHooks, TemplateVars } from './types.js';

/**
 * The debuggee's interpreter, chosen independently of the one running debugpy's adapter:
 * the `python` adapter argument, else the project's .venv (cwd, then the program's folder and its
 * parents), else python3 / python on PATH.
 */
export const pythonHooks: ProfileHooks = {
  prepareLaunch(vars: TemplateVars) {
    const explicit = vars.adapterArgs?.python;
    if (typeof explicit === 'string' || Array.isArray(explicit)) return;
    const found = projectVenvPython(vars) ?? which('python3') ?? which('python');
    vars.python = found && realInterpreter(found);
  },
};

const interpreters = new Map<string, string>();

/**
 * The interpreter behind a launcher script (pyenv shims cost ~0.3 s per start): asked once per
 * path, then reused. Falls back to the path itself.
 */
function realInterpreter(path: string): string {
  let real = interpreters.get(path);
  if (!real) {
    const r = spawnSync(path, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8', timeout: 10_000, windowsHide: true });
    const printed = r.status === 0 ? r.stdout.trim() : '';
    real = printed && existsSync(printed) ? printed : path;
    interpreters.set(path, real);
  }
  return real;
}

function projectVenvPython(vars: TemplateVars): string | undefined {
  const starts = [vars.cwd];
  if (vars.program) starts.push(dirname(resolve(vars.cwd, vars.program)));
  for (const start of starts) {
    let dir = start;
    for (;;) {
      const candidate = venvPython(join(dir, '.venv'));
      if (existsSync(candidate)) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}
