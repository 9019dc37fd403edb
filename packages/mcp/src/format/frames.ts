import type { DebugProtocol } from '@vscode/debugprotocol';
import { calleeName, LibraryFrames, type ScopeNode, type Session, type StopInfo } from '@dapgate/core';
import { clip, shortPath } from './text.js';

type Frame = Pick<DebugProtocol.StackFrame, 'name' | 'line' | 'source'>;

/** The file a frame is in: its path, else the adapter's name for it. */
export function frameFile(f: Frame): string | undefined {
  return f.source?.path ?? f.source?.name;
}

/** `ledger.py:23` */
export function frameLocation(f: Frame, cwd: string): string {
  return `${shortPath(frameFile(f), cwd)}:${f.line}`;
}

/** `ledger.py:23 in main`: where a session is, in every answer that says it. */
export function frameLabel(f: Frame, cwd: string): string {
  return `${frameLocation(f, cwd)} in ${f.name}`;
}

/**
 * `frameLabel` for where a stop is, a library frame named as a trace names its callees (the
 * profile's `trace.calleeNoise`: `<Iter as Iterator>::fold`, not the same with every crate and
 * module path and generic argument); the program's own frames keep their full names.
 */
export async function stopLabel(s: Session, f: StopInfo['frames'][number]): Promise<string> {
  if (!(await new LibraryFrames(s.profile.stops, s.cwd).isLibrary(f))) return frameLabel(f, s.cwd);
  return `${frameLocation(f, s.cwd)} in ${calleeName(f.name, s.profile.trace?.calleeNoise)}`;
}

/**
 * The runtime's code, not the program's: a frame whose file matches the profile's `runtimeFrames`
 * (node internals), or that has no file at all (no debug info: a native runtime's frames).
 */
export function isRuntimeFrame(f: Frame, runtimeFrames: string | undefined): boolean {
  const file = f.source?.path;
  if (!file) return true;
  return !!runtimeFrames && new RegExp(runtimeFrames).test(file);
}

/** A frame for structured content. */
export function frameJson(f: Frame & { source?: DebugProtocol.Source }, index: number) {
  return { index, name: f.name, file: frameFile(f), line: f.line, ...(f.source?.sourceReference ? { sourceReference: f.source.sourceReference } : {}) };
}

/** What the profile leaves out of the one-line summary (functions, module objects). */
export interface SummaryHide {
  summaryHideTypes?: string[];
  summaryHideValues?: string;
}

/** A type longer than this that opens a value (delve's `struct { pkg.a string; ... } {a: ...}`) would leave no room for the value in a one-line summary. */
const LONG_TYPE = 24;

/** The value without its type in front, when that type is long: the fields, not the type cut short. */
function withoutLongType(v: { value: string; type?: string }): string {
  return v.type && v.type.length > LONG_TYPE && v.value.startsWith(`${v.type} `) ? v.value.slice(v.type.length + 1) : v.value;
}

/** `name=value` pairs on one line, for a stop summary; `values` is the same data for structured content. */
export function localsLine(scopes: ScopeNode[], maxChars = 500, hide: SummaryHide = {}): { text: string; values: Record<string, string> } {
  const hideTypes = hide.summaryHideTypes ?? [];
  const hideValues = hide.summaryHideValues ? new RegExp(hide.summaryHideValues) : undefined;
  const values: Record<string, string> = {};
  const parts: string[] = [];
  let used = 0;
  let hidden = 0;
  for (const s of scopes) {
    for (const v of s.variables ?? []) {
      if (v.type && hideTypes.some((t) => t.toLowerCase() === v.type!.toLowerCase())) continue;
      if (hideValues?.test(v.value)) continue;
      values[v.name] = v.value;
      const part = `${v.name}=${clip(withoutLongType(v), 60)}`;
      if (used + part.length > maxChars) {
        hidden++;
        continue;
      }
      parts.push(part);
      used += part.length + 2;
    }
    hidden += s.moreChildren ?? 0;
  }
  const more = hidden ? `  (+${hidden} more: debug_variables)` : '';
  return { text: parts.length ? parts.join('  ') + more : '(none)', values };
}
