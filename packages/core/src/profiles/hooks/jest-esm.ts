import { readFile } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { pathExists } from '../../paths.js';
import { failureDetail, runCommand } from '../../process/run-command.js';

/** Why Jest must run with Node's VM modules for this test file (as the project says it), or a note on why that is not known. */
export type EsmVerdict = { esm: true; why: string } | { esm: false; note?: string };

/**
 * Whether Jest runs this test file as an ES module, which it can only under
 * `node --experimental-vm-modules` (Jest's docs): read the way the project says it, never guessed.
 * The project's test script (or another script that runs jest) passing that flag (on node's
 * command line or in NODE_OPTIONS), else
 * Jest's own rule (jest-resolve's shouldLoadAsEsm): `.mjs` always, `.cjs` never, `.js` when the
 * nearest package.json has "type": "module", any other extension when the resolved config (presets
 * included, from `jest --showConfig`) lists it in extensionsToTreatAsEsm.
 */
export async function jestEsm(file: string, project: { dir: string; config?: string }, bin: string): Promise<EsmVerdict> {
  const scripts = Object.entries(((await readJson(join(project.dir, 'package.json'))).scripts ?? {}) as Record<string, unknown>);
  // `test`, else another script that runs jest (test:unit), passing the flag on node's command line or in NODE_OPTIONS
  const says = scripts.filter(([, text]) => typeof text === 'string' && /--experimental-vm-modules\b/.test(text) && /\bjest\b/.test(text));
  const named = says.find(([name]) => name === 'test') ?? says[0];
  if (named) return { esm: true, why: `the project's ${named[0] === 'test' ? 'test script' : `script '${named[0]}'`} runs Jest with it` };
  const ext = extname(file).toLowerCase();
  if (ext === '.mjs') return { esm: true, why: 'Jest loads .mjs test files as ES modules' };
  if (ext === '.cjs') return { esm: false };
  if (ext === '.js') {
    const pkg = await nearestPackageJson(dirname(file));
    if (pkg && (await readJson(pkg)).type === 'module') return { esm: true, why: `${relative(project.dir, pkg) || 'package.json'}'s "type" is "module"` };
    return { esm: false };
  }
  const config = await showConfig(project, bin);
  if (!config.ok) return { esm: false, note: `Could not read the Jest config's extensionsToTreatAsEsm (jest --showConfig: ${config.error}), so ${ext} test files run as CommonJS: if they are ES modules, pass env {NODE_OPTIONS: "--experimental-vm-modules"} with the test.` };
  const lists = config.configs.filter((c) => !c.rootDir || !relative(c.rootDir, file).startsWith('..'));
  if ((lists.length ? lists : config.configs).some((c) => c.extensionsToTreatAsEsm?.includes(ext))) return { esm: true, why: `${ext} is in the Jest config's extensionsToTreatAsEsm` };
  return { esm: false };
}

interface ResolvedConfig {
  rootDir?: string;
  extensionsToTreatAsEsm?: string[];
}

/** The project's resolved Jest configs (one per project), from Jest itself; bounded. */
async function showConfig(project: { dir: string; config?: string }, bin: string): Promise<{ ok: true; configs: ResolvedConfig[] } | { ok: false; error: string }> {
  const args = [bin, '--showConfig', `--rootDir=${project.dir}`, ...(project.config ? [`--config=${project.config}`] : [])];
  const r = await runCommand(process.execPath, args, { timeoutMs: 30_000, cwd: project.dir });
  if (!r.ok) return { ok: false, error: failureDetail(r, 1) };
  try {
    return { ok: true, configs: (JSON.parse(r.stdout) as { configs?: ResolvedConfig[] }).configs ?? [] };
  } catch {
    return { ok: false, error: 'its output is not JSON' };
  }
}

async function nearestPackageJson(start: string): Promise<string | undefined> {
  for (let dir = start; ; dir = dirname(dir)) {
    if (await pathExists(join(dir, 'package.json'))) return join(dir, 'package.json');
    if (dirname(dir) === dir) return undefined;
  }
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}
