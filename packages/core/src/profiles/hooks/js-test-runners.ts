import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { GatewayError } from '../../errors.js';
import { pathExists } from '../../paths.js';
import { runCommand } from '../../process/run-command.js';
import type { TemplateVars } from './types.js';
import { jestEsm } from './jest-esm.js';

/** The JavaScript test runners debug_test runs from a project's own node_modules (the node profile's form `runner` names). */
export type JsRunner = 'jest' | 'vitest';

interface Project {
  runner: JsRunner;
  /** The folder of the package.json the runner was found from. */
  dir: string;
  /** The runner's config file, when the project has one. */
  config?: string;
}

const CONFIGS: Record<JsRunner, string[]> = {
  jest: ['jest.config.js', 'jest.config.ts', 'jest.config.mjs', 'jest.config.cjs', 'jest.config.cts', 'jest.config.mts', 'jest.config.json'],
  vitest: ['vitest.config.ts', 'vitest.config.mts', 'vitest.config.cts', 'vitest.config.js', 'vitest.config.mjs', 'vitest.config.cjs', 'vitest.workspace.ts', 'vitest.workspace.js'],
};

/**
 * The runner a project tests with, from the nearest package.json at or above `start` that says:
 * its runner config file (jest.config.*, vitest.config.*), its `jest` key, else the runner among
 * its dependencies (the one its `test` script names when it has both). Undefined: none (node --test).
 */
export async function projectRunner(start: string): Promise<Project | undefined> {
  for (let dir = start; ; dir = dirname(dir)) {
    const pkgFile = join(dir, 'package.json');
    if (await pathExists(pkgFile)) {
      for (const runner of ['vitest', 'jest'] as const) {
        for (const name of CONFIGS[runner]) if (await pathExists(join(dir, name))) return { runner, dir, config: join(dir, name) };
      }
      const pkg = await readJson(pkgFile);
      if (pkg.jest && typeof pkg.jest === 'object') return { runner: 'jest', dir, config: pkgFile };
      const deps = { ...(pkg.dependencies as object), ...(pkg.devDependencies as object) } as Record<string, string>;
      const listed = (['vitest', 'jest'] as const).filter((r) => r in deps);
      const script = String((pkg.scripts as Record<string, string> | undefined)?.test ?? '');
      const byScript = listed.find((r) => new RegExp(`\\b${r}\\b`).test(script));
      if (byScript ?? listed[0]) return { runner: (byScript ?? listed[0])!, dir };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The runner's package in the project's node_modules (or a parent's, as Node resolves it): its bin script and version. */
async function installedRunner(runner: JsRunner, dir: string): Promise<{ bin: string; version: string }> {
  for (let d = dir; ; d = dirname(d)) {
    const pkgDir = join(d, 'node_modules', runner);
    const pkg = await readJson(join(pkgDir, 'package.json'));
    const bin = typeof pkg.bin === 'string' ? pkg.bin : (pkg.bin as Record<string, string> | undefined)?.[runner];
    if (bin) return { bin: join(pkgDir, bin), version: String(pkg.version) };
    if (dirname(d) === d) break;
  }
  throw new GatewayError(`the project at ${dir} tests with ${runner}, which is not installed in its node_modules`, `install the project's dependencies (npm ci, or your package manager) in ${dir}, then run the test again`, 'toolchain-missing');
}

/**
 * debug_test through the project's own Jest or Vitest: its installed version and its config,
 * one process (Jest `--runInBand`; Vitest one file at a time, its worker a child js-debug attaches
 * to), a JSON report the outcome is read from. The name part of the id is matched as text
 * (regexp characters escaped) against each test's full name (describe blocks and test, joined by
 * spaces; ` > ` is read as a space); `exactNames` (a second run) selects those full names exactly.
 */
export async function prepareJsRunnerTest(vars: TemplateVars, project: Project): Promise<void> {
  const { bin, version } = await installedRunner(project.runner, project.dir);
  vars.runnerBin = bin;
  vars.projectDir = project.dir;
  if (project.config) vars.runnerConfig = project.config;
  vars.reportsDir = await mkdtemp(join(tmpdir(), `dapgate-${project.runner}-`));
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (typeof vars.name === 'string') vars.namePattern = escape(vars.name.trim().split(/\s+>\s+/).join(' '));
  // a second run (rerunThrown): exactly the tests named, by their full names
  if (Array.isArray(vars.exactNames)) vars.namePattern = `^(?:${(vars.exactNames as string[]).map(escape).join('|')})$`;
  const config = project.config ? `, config ${relative(project.dir, project.config) || project.config}` : '';
  // Jest runs a test file that is an ES module only in Node's VM modules, which the profile's esmNodeArgs turn on
  const esm = project.runner === 'jest' && typeof vars.file === 'string' && Array.isArray(vars.esmNodeArgs) ? await jestEsm(vars.file, project, bin) : { esm: false as const };
  if (esm.esm) vars.runnerNodeArgs = vars.esmNodeArgs;
  const flags = esm.esm ? `, with node ${(vars.esmNodeArgs as string[]).join(' ')}: ${esm.why}` : '';
  vars.testNotes = [`Runs ${project.runner} ${version} from the project's node_modules (${project.dir}${config})${flags}.`, ...(!esm.esm && esm.note ? [esm.note] : [])];
}

/** The project's test files as runnable ids (relative to `cwd`), from the runner itself (`jest --listTests`, `vitest list --filesOnly`); bounded. */
export async function runnerTestFiles(project: Project, cwd: string): Promise<string[] | undefined> {
  const { bin } = await installedRunner(project.runner, project.dir).catch(() => ({ bin: undefined }));
  if (!bin) return undefined;
  const config = project.config ? [`--config=${project.config}`] : [];
  const args = project.runner === 'jest' ? [bin, '--listTests', ...config] : [bin, 'list', '--filesOnly', `--root=${project.dir}`, ...config];
  const r = await runCommand(process.execPath, args, { timeoutMs: 30_000, cwd: project.dir });
  if (!r.ok) return undefined;
  return r.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /\.[cm]?[jt]sx?$/.test(l))
    .map((l) => relative(cwd, resolve(project.dir, l)) || l);
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}
