import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { GatewayError } from '../../errors.js';
import { which } from '../../which.js';
import { runCommand } from '../../process/run-command.js';
import { firstLines, OncePerKey } from './build-helpers.js';
import type { ProfileHooks, TemplateVars } from './types.js';

const PROJECT = /\.(csproj|fsproj|vbproj)$/;
const builds = new OncePerKey<string>();

/**
 * .NET through netcoredbg: a built .dll runs as is; a project (its folder, its .csproj, or a
 * .cs file in it) is built with `dotnet build` first and its output assembly launched.
 */
export const dotnetHooks: ProfileHooks = {
  async prepareLaunch(vars: TemplateVars) {
    if (!vars.program) throw new GatewayError('.NET launch needs program: a built .dll, or a project folder / .csproj', 'e.g. {program: "bin/Debug/net8.0/App.dll"} or {program: "."}', 'bad-arguments');
    if (extname(vars.program).toLowerCase() === '.dll') return;
    const project = await findProject(vars.program);
    if (!project) throw new GatewayError(`no .csproj/.fsproj found for ${vars.program}`, 'launch a project folder, its .csproj, or a built .dll', 'not-found');
    vars.program = await build(project);
  },
};

async function findProject(program: string): Promise<string | undefined> {
  if (PROJECT.test(program)) return program;
  let dir = (await isDir(program)) ? program : dirname(program);
  for (let depth = 0; depth < 8; depth++) {
    const found = (await readdir(dir).catch(() => [] as string[])).filter((f) => PROJECT.test(f)).sort();
    if (found.length) return join(dir, found[0]!);
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** `dotnet build` (Debug) and the assembly it reports ("Name -> /path/Name.dll"). */
function build(project: string): Promise<string> {
  return builds.run(project, async () => {
    const dotnet = await which('dotnet');
    if (!dotnet) throw new GatewayError('dotnet not found: the .NET SDK is needed to build the project', 'install the .NET SDK (https://dot.net/download), or launch a built .dll', 'toolchain-missing');
    const r = await runCommand(dotnet, ['build', project, '-c', 'Debug', '-nologo', '-v', 'quiet', '-consoleLoggerParameters:NoSummary'], { cwd: dirname(project), timeoutMs: 600_000, env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' } });
    if (!r.ok) throw new GatewayError(`dotnet build ${basename(project)} failed (${r.failure}):\n${firstLines(r.stdout || r.stderr, 40)}`, 'fix the build errors, then launch again', 'build-failed');
    const name = basename(project).replace(PROJECT, '');
    const reported = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} -> (.+\\.dll)\\s*$`, 'm').exec(r.stdout)?.[1];
    if (!reported) throw new GatewayError(`dotnet build ${basename(project)} did not report its assembly`, 'launch the built .dll directly', 'build-failed');
    return reported.trim();
  });
}

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
