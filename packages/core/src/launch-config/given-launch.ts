import { dirname, resolve } from 'node:path';
import type { ProfileRegistry } from '../profiles/loader.js';
import type { LaunchRequest } from '../session/types.js';
import { launchFromConfiguration, type ConfiguredLaunch } from './to-launch.js';

/** A launch as an agent asks for it: its own arguments, and optionally a launch.json configuration's name. */
export type GivenLaunch = Omit<LaunchRequest, 'templateVars' | 'exceptionFilters' | 'exceptionFilterOptions' | 'sessionId'> & { configuration?: string };

export interface ResolvedLaunch {
  request: LaunchRequest;
  /** The configuration it started from, when one was named. */
  configured?: ConfiguredLaunch;
  /** The folder relative breakpoint paths of this launch resolve against. */
  breakpointCwd: string;
}

/**
 * The launch request for what an agent gave: a named configuration's request (.vscode/launch.json,
 * found from cwd or the program's folder) with the agent's own arguments over it; env, fields and
 * adapterArgs merged key by key.
 */
export async function resolveLaunch(registry: ProfileRegistry, a: GivenLaunch): Promise<ResolvedLaunch> {
  const configured = a.configuration
    ? await launchFromConfiguration(registry, a.configuration, { dir: resolve(a.cwd ?? (a.program ? dirname(resolve(a.program)) : process.cwd())), program: a.program, language: a.language })
    : undefined;
  const base: LaunchRequest = configured?.request ?? {};
  const request: LaunchRequest = {
    program: a.program ?? base.program,
    fields: { ...base.fields, ...a.fields },
    language: a.language ?? base.language,
    args: a.args ?? base.args,
    cwd: a.cwd ?? base.cwd,
    env: a.env || base.env ? { ...base.env, ...a.env } : undefined,
    stopOnEntry: a.stopOnEntry ?? base.stopOnEntry,
    adapterArgs: a.adapterArgs || base.adapterArgs ? { ...base.adapterArgs, ...a.adapterArgs } : undefined,
  };
  const breakpointCwd = request.cwd ?? (request.program ? dirname(resolve(request.program)) : process.cwd());
  return { request, configured, breakpointCwd };
}
