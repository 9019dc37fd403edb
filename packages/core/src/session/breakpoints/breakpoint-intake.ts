import { options, sameLine, sharedLine } from '../../breakpoints/same-line.js';
import type { BookBreakpoint, BreakpointBook, BreakpointSpec } from '../../breakpoints/book.js';
import { appliesTo } from '../../breakpoints/book.js';
import { GatewayError } from '../../errors.js';
import { pathExists } from '../../paths.js';
import type { ProfileRegistry } from '../../profiles/loader.js';
import type { EvalMode } from '../../policy/evaluation.js';
import { checkBreakpointExpressions } from '../checks/request-checks.js';
import { canonicalPath } from '../paths.js';
import type { Session } from '../session.js';
import { dataBreakpointInfo } from './data-breakpoints.js';

/** What taking breakpoints in needs from the workspace (SessionManager). */
export interface IntakeHost {
  readonly book: BreakpointBook;
  profiles(): ProfileRegistry;
  evalMode(): EvalMode;
  /** Its sessions, live or ended. */
  sessions(): Iterable<Session>;
  get(sessionId: string | undefined): Session;
}

/**
 * How breakpoints enter a workspace's book: each checked first (its file, its expressions under
 * the evaluation mode, what the live sessions' adapters support, one breakpoint per line), all or
 * none; and data breakpoints from a stopped frame.
 */
export class BreakpointIntake {
  constructor(private readonly host: IntakeHost) {}

  /**
   * A data breakpoint (watchpoint) on a variable path in a stopped session's frame; only the
   * adapters that offer them (e.g. fields of objects).
   */
  async addWatch(spec: BreakpointSpec & { watch: string }, sessionId: string | undefined, frame = 0): Promise<BookBreakpoint> {
    await checkBreakpointExpressions(this.host.profiles(), this.host.evalMode(), spec);
    const s = this.host.get(sessionId);
    const info = await dataBreakpointInfo(s, spec.watch, frame);
    const accessType = spec.accessType ?? 'write';
    if (info.accessTypes && !info.accessTypes.includes(accessType)) {
      throw new GatewayError(`${spec.watch} cannot be watched for ${accessType}`, `it supports: ${info.accessTypes.join(', ')}`, 'not-supported');
    }
    return this.host.book.add({ ...spec, accessType, sessionId: s.id, dataId: info.dataId, file: undefined, line: undefined, function: undefined });
  }

  /**
   * Adds several breakpoints, all or none: each is checked (files, adapters' support, one per line,
   * also within the batch) before any is added.
   */
  async add(specs: BreakpointSpec[], cwd: string): Promise<BookBreakpoint[]> {
    const checked: BreakpointSpec[] = [];
    for (const spec of specs) checked.push(await this.check(spec, cwd)); // in order: the first at fault is the one said
    // from here on nothing awaits, so the book cannot change between the checks against it and the adding
    const lines = new Map<string, BreakpointSpec>();
    for (const spec of checked) {
      if (!spec.file) continue;
      const key = `${spec.file}:${spec.line}${spec.column ? `:${spec.column}` : ''}:${spec.sessionId ?? ''}`;
      const earlier = lines.get(key);
      if (earlier && sameLine({ ...earlier, id: 'the breakpoint given before it', kind: 'line', hits: 0, stops: 0, bindings: new Map() }, spec).action === 'replace') {
        throw new GatewayError(`two breakpoints for ${key} (${options(earlier)}; ${options(spec)}); adapters keep one breakpoint per line`, 'give one breakpoint per line: a logpoint with a condition logs only when it holds; a breakpoint with a condition stops only when it holds', 'conflict');
      }
      lines.set(key, spec);
      sameLine(this.host.book.atLine(spec.file, spec.line!, spec.sessionId, spec.column), spec); // refuses a conflict before anything is added
      sharedLine(this.host.book.sharingLine(spec.file, spec.line!, spec.sessionId, spec.column), spec);
    }
    return checked.map((spec) => {
      const outcome = spec.file ? sameLine(this.host.book.atLine(spec.file, spec.line!, spec.sessionId, spec.column), spec) : { action: 'new' as const };
      if (outcome.action === 'same') return Object.assign(outcome.existing, { replaced: undefined });
      const b = this.host.book.add(spec);
      if (outcome.action === 'replace') b.replaced = `${outcome.existing.id} had: ${outcome.had}`;
      return b;
    });
  }

  /** A breakpoint as the book keeps it (absolute file), or a refusal saying what to change. */
  private async check(spec: BreakpointSpec, cwd: string): Promise<BreakpointSpec> {
    await checkBreakpointExpressions(this.host.profiles(), this.host.evalMode(), spec);
    for (const s of this.host.sessions()) {
      const missing = s.live && appliesTo(spec, s.id) ? s.unsupportedFeatures(spec) : [];
      if (missing.length) throw new GatewayError(`${s.profile.adapter.name} (session ${s.id}) does not support ${missing.join(', ')}`, spec.function ? 'set a line breakpoint in the function instead' : 'set a plain breakpoint instead', 'not-supported');
    }
    if (spec.watch) throw new GatewayError('a watch (data breakpoint) is set in a stopped session', undefined, { code: 'watch-needs-stop', next: 'watch-while-stopped' });
    if (spec.function) return { ...spec, file: undefined, line: undefined };
    if (!spec.file || !spec.line) throw new GatewayError('a breakpoint needs file and line, or function', 'e.g. {file: "app.py", line: 12}', 'bad-arguments');
    let file = canonicalPath(spec.file, cwd);
    if (!(await pathExists(file)) && (await pathExists(canonicalPath(spec.file)))) file = canonicalPath(spec.file);
    if (!(await pathExists(file))) throw new GatewayError(`file '${spec.file}' not found (looked at ${file})`, 'pass an absolute path, or one relative to the session cwd', 'not-found');
    return { ...spec, file };
  }
}
