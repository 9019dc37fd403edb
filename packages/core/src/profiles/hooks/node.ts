import { createRequire } from 'node:module';
import { join } from 'node:path';
import { GatewayError } from '../../errors.js';
import type { ProfileHooks, TemplateVars } from './types.js';

/**
 * TypeScript sources run through the tsx loader (found from the program's project, else from
 * dapgate's own installation); compiled JavaScript with source maps needs nothing.
 */
export const nodeHooks: ProfileHooks = {
  prepareLaunch(vars: TemplateVars) {
    if (!vars.program || !/\.(ts|mts|cts)$/.test(vars.program)) return;
    const loader = resolveFrom(vars.cwd, 'tsx') ?? resolveFrom(import.meta.dirname ?? __dirnameOf(import.meta.url), 'tsx');
    if (!loader) {
      throw new GatewayError(`cannot run ${vars.program}: no TypeScript loader (tsx) found`, 'npm install -D tsx in the project, or compile to JavaScript with source maps and launch the .js file');
    }
    vars.runtimeArgs = ['--import', loader, ...((vars.runtimeArgs as string[] | undefined) ?? [])];
  },
};

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
