import { extname, resolve } from 'node:path';
import { GatewayError } from '../errors.js';
import type { ProfileRegistry } from '../profiles/loader.js';
import type { Profile } from '../profiles/schema.js';
import { hasType } from '../profiles/fields.js';
import type { LaunchRequest } from '../session/types.js';
import { findLaunchJson, readLaunchJson, type LaunchConfiguration } from './launch-json.js';
import { substituteVariables } from './variables.js';

export interface ConfiguredLaunch {
  request: LaunchRequest;
  profile: Profile;
  /** The launch.json it came from. */
  launchJson: string;
  /** Keys only VS Code acts on (preLaunchTask, presentation, ...) that dapgate did not carry out. */
  ignored: string[];
}

/** Keys of a configuration that mean something to VS Code only; the profile decides how the program runs (console). */
const VSCODE_ONLY = ['name', 'type', 'request', 'preLaunchTask', 'postDebugTask', 'presentation', 'internalConsoleOptions', 'console', 'serverReadyAction', 'debugServer', 'noDebug', 'windows', 'osx', 'linux'];
const PLATFORM_KEY: Partial<Record<NodeJS.Platform, string>> = { win32: 'windows', darwin: 'osx', linux: 'linux' };

/** Where to look: the workspace of `dir` (dir, then its parents). */
export interface ConfigurationLookup {
  dir: string;
  /** Given with the call: fills `${file}` and overrides the configuration's program. */
  program?: string;
  language?: string;
}

/** The configurations of the nearest launch.json, each with the profile that runs it (if any). */
export async function listConfigurations(registry: ProfileRegistry, dir: string): Promise<{ path: string; items: { name: string; type: string; request: string; profile?: string }[]; skipped: string[] } | undefined> {
  const path = await findLaunchJson(dir);
  if (!path) return undefined;
  const json = await readLaunchJson(path);
  return {
    path,
    skipped: json.skipped,
    items: json.configurations.map((c) => ({ name: c.name, type: c.type, request: c.request, profile: profilesFor(registry, c.type).map((p) => p.id).join('|') || undefined })),
  };
}

/** A VS Code launch configuration, by name, as a dapgate launch. */
export async function launchFromConfiguration(registry: ProfileRegistry, name: string, lookup: ConfigurationLookup): Promise<ConfiguredLaunch> {
  const path = await findLaunchJson(lookup.dir);
  if (!path) throw new GatewayError(`no .vscode/launch.json in ${lookup.dir} or a folder above it`, 'pass cwd: a folder of the project, or launch with program instead', 'not-found');
  const json = await readLaunchJson(path);
  const found = json.configurations.find((c) => c.name === name) ?? json.configurations.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) {
    throw new GatewayError(`no configuration named '${name}' in ${path}`, `its configurations: ${json.configurations.map((c) => `'${c.name}'`).join(', ') || 'none'}`, 'not-found');
  }
  if (found.request !== 'launch') {
    throw new GatewayError(`configuration '${found.name}' is a '${found.request}' configuration; only launch configurations are read`, 'attach with the host and port (or process id) it names', 'not-supported');
  }
  const platform = PLATFORM_KEY[process.platform];
  const merged = { ...found, ...((platform && (found[platform] as Record<string, unknown>)) || {}) } as LaunchConfiguration;
  const program = lookup.program ? resolve(lookup.dir, lookup.program) : undefined;
  const config = substituteVariables(merged, { workspaceFolder: json.workspaceFolder, file: program, cwd: lookup.dir, env: process.env });
  const profile = pickProfile(registry, config, program, lookup.language);

  const rest: Record<string, unknown> = { ...config };
  const request: LaunchRequest = { language: profile.id, cwd: json.workspaceFolder, fields: {}, adapterArgs: {} };
  for (const key of profile.vscode.programKeys) {
    const value = rest[key];
    if (typeof value === 'string' && (key === 'program' || profile.extensions.includes(extname(value).toLowerCase()))) {
      request.program ??= value;
      delete rest[key];
    }
  }
  if (program) request.program = program;
  if (typeof rest.cwd === 'string') request.cwd = rest.cwd;
  if (rest.args !== undefined) request.args = words(rest.args, 'args');
  if (typeof rest.stopOnEntry === 'boolean') request.stopOnEntry = rest.stopOnEntry;
  if (rest.env && typeof rest.env === 'object') {
    request.env = Object.fromEntries(Object.entries(rest.env as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, String(v)]));
  }
  for (const key of ['cwd', 'args', 'stopOnEntry', 'env']) delete rest[key];
  for (const [key, spec] of Object.entries(profile.fields)) {
    if (!(key in rest) || !spec.requests.includes('launch')) continue;
    const value = spec.type === 'string[]' && typeof rest[key] === 'string' ? words(rest[key], key) : rest[key];
    if (!hasType(value, spec.type)) throw new GatewayError(`configuration '${found.name}': ${key} should be ${spec.type}`, `fix ${key} in ${path}`, 'invalid-config');
    request.fields![key] = value;
    delete rest[key];
  }
  const ignored: string[] = [];
  for (const key of VSCODE_ONLY) {
    if (key in rest && !['name', 'type', 'request', 'windows', 'osx', 'linux'].includes(key)) ignored.push(`${key}: ${JSON.stringify(rest[key])}`);
    delete rest[key];
  }
  request.adapterArgs = rest;
  return { request, profile, launchJson: path, ignored };
}

function profilesFor(registry: ProfileRegistry, type: string): Profile[] {
  return registry.profiles.filter((p) => p.vscode.types.includes(type));
}

function pickProfile(registry: ProfileRegistry, config: LaunchConfiguration, program: string | undefined, language: string | undefined): Profile {
  const candidates = profilesFor(registry, config.type);
  if (!candidates.length) {
    const known = registry.profiles.filter((p) => p.vscode.types.length).map((p) => `${p.vscode.types.join('/')} (${p.id})`);
    throw new GatewayError(`configuration '${config.name}' has type '${config.type}', which no dapgate profile runs`, `types dapgate runs: ${known.join(', ')}`, 'not-supported');
  }
  if (candidates.length === 1) return candidates[0]!;
  const chosen = language ? registry.get(language) : undefined;
  if (chosen && candidates.includes(chosen)) return chosen;
  const file = program ?? (typeof config.program === 'string' ? config.program : undefined);
  const byFile = file ? candidates.find((p) => p.extensions.includes(extname(file).toLowerCase())) : undefined;
  if (byFile) return byFile;
  throw new GatewayError(`type '${config.type}' is run by ${candidates.map((p) => p.id).join(' and ')}`, `pass language (one of: ${candidates.map((p) => p.id).join(', ')})`, 'ambiguous');
}

/** A configuration's argument list; a single string is split at spaces (quoted parts are refused, not guessed). */
function words(value: unknown, key: string): string[] {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  if (typeof value === 'string') {
    if (/["']/.test(value)) throw new GatewayError(`${key} is one string with quotes: dapgate does not guess how it splits`, `write ${key} as a list of strings`, 'ambiguous');
    return value.split(/\s+/).filter(Boolean);
  }
  throw new GatewayError(`${key} should be a list of strings`, `fix ${key} in the configuration`, 'invalid-config');
}
