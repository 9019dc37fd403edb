import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GatewayError } from '../../errors.js';
import { configDir } from '../loader.js';
import type { ProfileHooks, TemplateVars } from './types.js';
import { outermost, projectRoots } from './ts-project.js';
import { openInspector } from './node-inspector.js';
import { prepareJsRunnerTest, projectRunner, runnerTestFiles } from './js-test-runners.js';

/**
 * TypeScript sources run through the tsx loader (found from the program's project, else from
 * dapgate's own installation); compiled JavaScript with source maps needs nothing.
 */
export const nodeHooks: ProfileHooks = {
  async prepareLaunch(vars: TemplateVars) {
    await sourceMapRoots(vars);
    vars.env = withInspectorNoDelay(vars.env);
    if (!vars.program || !/\.(ts|mts|cts|tsx|jsx)$/.test(vars.program)) return;
    const loader = resolveFrom(vars.cwd, 'tsx') ?? resolveFrom(import.meta.dirname ?? __dirnameOf(import.meta.url), 'tsx');
    if (!loader) {
      throw new GatewayError(`cannot run ${vars.program}: no TypeScript loader (tsx) found`, 'npm install -D tsx in the project, or compile to JavaScript with source maps and launch the .js file', 'toolchain-missing');
    }
    vars.runtimeArgs = ['--import', loader, ...((vars.runtimeArgs as string[] | undefined) ?? [])];
  },
  async testRunner(vars: TemplateVars) {
    return (await projectRunner(testFolder(vars)))?.runner;
  },
  async testCandidates(vars: TemplateVars) {
    const project = await projectRunner(testFolder(vars));
    return project && runnerTestFiles(project, vars.cwd);
  },
  async prepareTest(vars: TemplateVars) {
    if (vars.jsRunner === undefined) return;
    const project = await projectRunner(testFolder(vars));
    if (project?.runner !== vars.jsRunner) throw new GatewayError(`the project of ${String(vars.test)} does not test with ${String(vars.jsRunner)}`, 'pass a test file of a Jest or Vitest project', 'bad-arguments');
    await prepareJsRunnerTest(vars, project);
  },
  async prepareAttach(vars: TemplateVars) {
    vars.inspectorNoDelayOnAttach = requireInTarget(inspectorNoDelayPreload());
    if (typeof vars.processId === 'number') vars.port = await openInspector(vars.processId);
  },
};

/**
 * An expression that loads a file into a running Node program (a program started with --inspect
 * by the user, which has no preload): through process.getBuiltinModule (Node >= 20.16), else the
 * CommonJS main module's require. Does nothing where neither exists, or where the file is not
 * (a target on another machine).
 */
function requireInTarget(file: string): string {
  const path = JSON.stringify(file);
  return `(() => { try { const m = process.getBuiltinModule ? process.getBuiltinModule('module').createRequire(${path}) : process.mainModule && process.mainModule.require.bind(process.mainModule); if (m) m(${path}); } catch {} })()`;
}

/**
 * Where js-debug looks for compiled code and trusts source maps: the launch cwd, the program's
 * project and the projects of the breakpoint files (a TypeScript project launched from another
 * folder: its dist/*.js maps back to src/*.ts only if js-debug searches there).
 */
async function sourceMapRoots(vars: TemplateVars): Promise<void> {
  const files = [vars.program, ...(vars.breakpointFiles ?? [])].filter((f): f is string => !!f);
  // debug_test's Jest or Vitest project: its test files' source maps are trusted wherever cwd is
  const testProject = typeof vars.testProject === 'string' ? [vars.testProject] : [];
  const roots = outermost([vars.cwd, ...testProject, ...(await Promise.all(files.map(projectRoots))).flat()]);
  vars.outFiles = [...roots.map((r) => `${r}/**/*.(m|c|)js`), '!**/node_modules/**'];
  vars.sourceMapLocations = [...roots.map((r) => `${r}/**`), '!**/node_modules/**'];
}

/** The debuggee's inspector without Nagle's algorithm: see adapters-config/patches/node_inspector_nodelay.cjs. */
export const inspectorNoDelayPreload = (): string => join(configDir(), 'patches', 'node_inspector_nodelay.cjs');

/**
 * Adds the preload to NODE_OPTIONS (after the launch's own; js-debug puts its bootloader first, so
 * the preload runs once the inspector listens and js-debug is connected). Child processes inherit it.
 */
function withInspectorNoDelay(env: Record<string, string> | undefined): Record<string, string> {
  const own = env?.NODE_OPTIONS;
  return { ...env, NODE_OPTIONS: `${own ? `${own} ` : ''}--require ${JSON.stringify(inspectorNoDelayPreload())}` };
}

/** Where a test id's project is looked for: its file's folder (while it exists), else cwd. */
function testFolder(vars: TemplateVars): string {
  return typeof vars.file === 'string' ? dirname(vars.file) : vars.cwd;
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
