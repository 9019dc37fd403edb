import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ParseError } from 'jsonc-parser';
import { GatewayError } from '../errors.js';
import { pathExists } from '../paths.js';

/** One entry of `configurations` in a VS Code launch.json, as written (variables not yet substituted). */
export type LaunchConfiguration = Record<string, unknown> & { name: string; type: string; request: string };

export interface LaunchJson {
  /** The launch.json file. */
  path: string;
  /** The folder holding `.vscode`: `${workspaceFolder}`. */
  workspaceFolder: string;
  configurations: LaunchConfiguration[];
  /** Entries that are not configurations dapgate can read (no name or type), said in words. */
  skipped: string[];
}

/** The nearest `.vscode/launch.json` in `dir` or a parent folder. */
export async function findLaunchJson(dir: string): Promise<string | undefined> {
  for (let d = dir; ; d = dirname(d)) {
    const candidate = join(d, '.vscode', 'launch.json');
    if (await pathExists(candidate)) return candidate;
    if (dirname(d) === d) return undefined;
  }
}

/** Reads a launch.json (JSON with comments and trailing commas, as VS Code allows). */
export async function readLaunchJson(path: string): Promise<LaunchJson> {
  const text = await readFile(path, 'utf8');
  const { parse, printParseErrorCode } = await import('jsonc-parser'); // loaded when a launch.json is read, not at start
  const errors: ParseError[] = [];
  const doc = parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as { configurations?: unknown } | undefined;
  if (errors.length) {
    const [e] = errors;
    const line = text.slice(0, e!.offset).split('\n').length;
    throw new GatewayError(`${path} is not valid JSON with comments: ${printParseErrorCode(e!.error)} at line ${line}`, 'fix the file, or launch with program instead of configuration', 'invalid-config');
  }
  const entries = Array.isArray(doc?.configurations) ? doc.configurations : [];
  const configurations: LaunchConfiguration[] = [];
  const skipped: string[] = [];
  entries.forEach((c: unknown, i: number) => {
    const entry = c as Record<string, unknown> | null;
    if (entry && typeof entry.name === 'string' && typeof entry.type === 'string') {
      configurations.push({ ...entry, name: entry.name, type: entry.type, request: typeof entry.request === 'string' ? entry.request : 'launch' });
    } else skipped.push(`configuration #${i + 1} has no name or type`);
  });
  return { path, workspaceFolder: dirname(dirname(path)), configurations, skipped };
}
