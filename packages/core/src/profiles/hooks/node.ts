import { createRequire } from 'node:module';
import { join } from 'node:path';
import { GatewayError } from '../../errors.js';
import type { ProfileHooks, TemplateVars } from './types.js';
import { outermost, projectRoots } from './ts-project.js';

/**
 * TypeScript sources run through the tsx loader (found from the program's project, else from
 * dapgate's own installation); compiled JavaScript with source maps needs nothing.
 */
export const nodeHooks: ProfileHooks = {
  async prepareLaunch(vars: TemplateVars) {
    await sourceMapRoots(vars);
    if (!vars.program || !/\.(ts|mts|cts)$/.test(vars.program)) return;
    const loader = resolveFrom(vars.cwd, 'tsx') ?? resolveFrom(import.meta.dirname ?? __dirnameOf(import.meta.url), 'tsx');
    if (!loader) {
      throw new GatewayError(`cannot run ${vars.program}: no TypeScript loader (tsx) found`, 'npm install -D tsx in the project, or compile to JavaScript with source maps and launch the .js file');
    }
    vars.runtimeArgs = ['--import', loader, ...((vars.runtimeArgs as string[] | undefined) ?? [])];
  },
};

/**
 * Where js-debug looks for compiled code and trusts source maps: the launch cwd, the program's
 * project and the projects of the breakpoint files (a TypeScript project launched from another
 * folder: its dist/*.js maps back to src/*.ts only if js-debug searches there).
 */
async function sourceMapRoots(vars: TemplateVars): Promise<void> {
  const files = [vars.program, ...(vars.breakpointFiles ?? [])].filter((f): f is string => !!f);
  const roots = outermost([vars.cwd, ...(await Promise.all(files.map(projectRoots))).flat()]);
  vars.outFiles = [...roots.map((r) => `${r}/**/*.(m|c|)js`), '!**/node_modules/**'];
  vars.sourceMapLocations = [...roots.map((r) => `${r}/**`), '!**/node_modules/**'];
}

function resolveFrom(dir: string, pkg: string): string | undefined {
  try {
    return createRequire(join(dir, 'noop.js')).resolve(pkg);
  } catch {
    return undefined;
  }
}

function __dirnameOf(url: string): string {
  return new URL('.', url).pathname;
}
