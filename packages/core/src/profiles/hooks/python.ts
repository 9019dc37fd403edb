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
    vars.python = projectVenvPython(vars) ?? which('python3') ?? which('python');
  },
};

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
