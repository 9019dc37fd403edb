import { readFile } from 'node:fs/promises';
import { GatewayError } from '../errors.js';
import type { ProfileRegistry } from '../profiles/loader.js';
import { canonicalPath, shortPath } from '../session/paths.js';
import { contextBlock } from '../source-context.js';
import type { BookBreakpoint, BreakpointBook, BreakpointSpec } from './book.js';

/** A breakpoint as a front end takes it: `expectContent` is checked against the file before the book sees it. */
export type BreakpointRequest = BreakpointSpec & { expectContent?: string };

/** Which breakpoints to remove: by id, by file (and line), or all. */
export interface BreakpointSelection {
  id?: string | string[];
  file?: string;
  line?: number;
  all?: boolean;
}

/** What a launch is about, to know its profile before it starts. */
export interface LaunchTarget {
  program?: string;
  language?: string;
  cwd?: string;
  fields?: Record<string, unknown>;
}

/** The part of a workspace (SessionManager) its breakpoints need. */
export interface BreakpointsHost {
  readonly book: BreakpointBook;
  readonly profiles: ProfileRegistry;
  addBreakpoints(specs: BreakpointSpec[], cwd: string): Promise<BookBreakpoint[]>;
  synced(): Promise<void>;
  defaultCwd(): string;
}

/**
 * A workspace's breakpoints as front ends use them: each change resolves once the live sessions
 * have it (the book alone is `SessionManager.book`).
 */
export class WorkspaceBreakpoints {
  constructor(private readonly host: BreakpointsHost) {}

  list(): BookBreakpoint[] {
    return this.host.book.list();
  }

  /** The breakpoints that apply to a session now: the workspace's and its own. */
  applyingTo(sessionId: string): BookBreakpoint[] {
    return this.host.book.for(sessionId);
  }

  has(id: string): boolean {
    return !!this.host.book.get(id);
  }

  /** The line breakpoint on file:line that applies to a session, if there is one. */
  at(file: string, line: number, sessionId: string): BookBreakpoint | undefined {
    return this.host.book.forFile(file, sessionId).find((b) => b.line === line);
  }

  /** Adds breakpoints (none if one's expectContent does not match its line) and waits until live sessions have bound them. */
  async add(requests: BreakpointRequest[], cwd: string): Promise<BookBreakpoint[]> {
    const specs: BreakpointSpec[] = [];
    for (const { expectContent, ...spec } of requests) {
      if (expectContent && spec.file && spec.line) await checkExpectedContent(canonicalPath(spec.file, cwd), spec.line, expectContent);
      specs.push(spec);
    }
    const added = await this.host.addBreakpoints(specs, cwd);
    await this.host.synced();
    return added;
  }

  /** Removes breakpoints by id and waits until live sessions have dropped them. */
  async remove(ids: string[]): Promise<BookBreakpoint[]> {
    const removed = this.host.book.remove(ids);
    await this.host.synced();
    return removed;
  }

  /** Removes the breakpoints a selection names (refused if it names none), and says how many are left. */
  async removeSelected(a: BreakpointSelection): Promise<{ removed: BookBreakpoint[]; remaining: number }> {
    const removed = await this.remove(this.select(a));
    return { removed, remaining: this.list().length };
  }

  private select(a: BreakpointSelection): string[] {
    const book = this.host.book;
    if (a.all) return book.list().map((b) => b.id);
    if (a.id) {
      const ids = Array.isArray(a.id) ? a.id : [a.id];
      const unknown = ids.filter((id) => !book.get(id));
      if (unknown.length) throw new GatewayError(`no breakpoint ${unknown.join(', ')}`, `breakpoints: ${book.list().map((b) => b.id).join(', ') || 'none'}`, { code: 'unknown-breakpoint' });
      return ids;
    }
    if (a.file) {
      const file = a.file;
      const cwd = this.host.defaultCwd();
      const ids = book
        .list()
        .filter((b) => b.file && (b.file === file || shortPath(b.file, cwd) === file || b.file.endsWith(`/${file}`) || b.file.endsWith(`\\${file}`)))
        .filter((b) => a.line === undefined || b.line === a.line)
        .map((b) => b.id);
      if (!ids.length) throw new GatewayError(`no breakpoint in ${file}${a.line ? `:${a.line}` : ''}`, undefined, { code: 'unknown-breakpoint', next: 'list-breakpoints' });
      return ids;
    }
    throw new GatewayError('say which breakpoints to remove', 'pass id, file (+line), or all: true', { code: 'bad-arguments' });
  }

  /**
   * Refuses, before anything starts, breakpoint kinds the program's adapter is known not to do
   * (the profile's `breakpointKinds`), instead of launching and reporting it afterwards.
   */
  async refuseUnsupportedKinds(target: LaunchTarget, specs: BreakpointSpec[] | undefined): Promise<void> {
    if (!specs?.some((b) => b.function)) return;
    const program = target.program ? canonicalPath(target.program, target.cwd ?? process.cwd()) : undefined;
    const profile = await this.host.profiles.pickFor('launch', target.language, program, target.fields ?? {});
    if (profile.breakpointKinds.function) {
      const form = profile.breakpointKinds.functionPattern;
      const unnamed = form ? specs.filter((b) => b.function && !new RegExp(form).test(b.function)).map((b) => b.function) : [];
      const names = profile.breakpointKinds.functionNames;
      if (unnamed.length) throw new GatewayError(`'${unnamed.join("', '")}' does not name a ${profile.displayName} function as its function breakpoints need`, names ? `write ${names}` : undefined, { code: 'not-supported', ...(names ? {} : { next: 'function-names' }) });
      return;
    }
    const names = specs.filter((b) => b.function).map((b) => b.function).join(', ');
    throw new GatewayError(`${profile.adapter.name} (${profile.displayName}) has no function breakpoints, so '${names}' cannot be set`, 'set a line breakpoint on the function\'s first line instead ({file, line})', { code: 'not-supported' });
  }
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
  throw new GatewayError(`line ${line} of ${file} does not contain "${want}"\n${contextBlock(lines, line, 3, 3)}`, hint, { code: 'content-mismatch' });
}
