import { readFile } from 'node:fs/promises';
import { canonicalPath, GatewayError, type BookBreakpoint, type BreakpointSpec, type SessionManager } from '@dapgate/core';
import { contextBlock } from '../format/source.js';

/** A breakpoint as tools accept it: `expectContent` is checked here, before the book sees it. */
export type BreakpointRequest = BreakpointSpec & { expectContent?: string };

/** Adds breakpoints to the gateway book (none if one's expectContent does not match) and waits until live sessions have bound them. */
export async function addBreakpoints(manager: SessionManager, requests: BreakpointRequest[], cwd: string): Promise<BookBreakpoint[]> {
  const specs: BreakpointSpec[] = [];
  for (const { expectContent, ...spec } of requests) {
    if (expectContent && spec.file && spec.line) await checkExpectedContent(canonicalPath(spec.file, cwd), spec.line, expectContent);
    specs.push(spec);
  }
  const added = manager.addBreakpoints(specs, cwd);
  await manager.synced();
  return added;
}

/**
 * Refuses, before anything starts, breakpoint kinds the program's adapter is known not to do
 * (the profile's `breakpointKinds`), instead of launching and reporting it afterwards.
 */
export function refuseUnsupportedKinds(manager: SessionManager, target: { program?: string; language?: string; cwd?: string; fields?: Record<string, unknown> }, specs: BreakpointSpec[] | undefined): void {
  if (!specs?.some((b) => b.function)) return;
  const program = target.program ? canonicalPath(target.program, target.cwd ?? process.cwd()) : undefined;
  const profile = manager.profiles.pickFor('launch', target.language, program, target.fields ?? {});
  if (profile.breakpointKinds.function) {
    const form = profile.breakpointKinds.functionPattern;
    const unnamed = form ? specs.filter((b) => b.function && !new RegExp(form).test(b.function)).map((b) => b.function) : [];
    if (unnamed.length) throw new GatewayError(`'${unnamed.join("', '")}' does not name a ${profile.displayName} function as its function breakpoints need`, `write ${profile.breakpointKinds.functionNames ?? 'the function as debug_languages shows'}`);
    return;
  }
  const names = specs.filter((b) => b.function).map((b) => b.function).join(', ');
  throw new GatewayError(`${profile.adapter.name} (${profile.displayName}) has no function breakpoints, so '${names}' cannot be set`, 'set a line breakpoint on the function\'s first line instead ({file, line})');
}

/** Refuses a breakpoint whose line does not contain the text the agent expects there. */
async function checkExpectedContent(file: string, line: number, expected: string): Promise<void> {
  let lines: string[];
  try {
    lines = (await readFile(file, 'utf8')).split(/\r?\n/);
  } catch {
    return; // a missing file is reported by the breakpoint itself
  }
  const want = expected.trim();
  if ((lines[line - 1] ?? '').includes(want)) return;
  const near = [];
  for (let d = 1; d <= 10; d++) for (const n of [line - d, line + d]) if (n >= 1 && n <= lines.length && lines[n - 1]!.includes(want)) near.push(n);
  const hint = near.length ? `it is on line ${near[0]}${near.length > 1 ? ` (also ${near.slice(1, 4).join(', ')})` : ''}: set that line` : 'check the file; nothing within 10 lines contains it';
  throw new GatewayError(`line ${line} of ${file} does not contain "${want}"\n${contextBlock(lines, line, 3, 3)}`, hint);
}

