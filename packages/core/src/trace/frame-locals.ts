import type { DapClient } from '../session/connection/dap-client.js';
import type { Session } from '../session/session.js';
import { LocalValues, type CutSummary } from './cut-summary.js';
import type { LocalChange } from './types.js';

/**
 * The traced frame's locals, read at each stop. Variables of the scopes the profile's
 * `trace.boundaryScopes` names (js-debug's Closure) are read only where the trace starts, at
 * stops before and after a line whose text names one of them, and at the frame's last stop
 * (`settle`): a change seen between a read just before and just after a line is that line's; any
 * other change (a call changed it) carries `since`, the first line it may have happened on.
 */
export class FrameLocals {
  private readonly boundary: RegExp | undefined;
  /** The boundary variables' values at their last read. */
  private values = new Map<string, string>();
  private named: RegExp | undefined;
  /** The line that was about to run at the last boundary read, and that read's stop. */
  private readBefore: number | undefined;
  private readAt: unknown;
  /** The stop of the last read, and of the one before (where the line just run started). */
  private lastStop: unknown;
  private previousStop: unknown;
  private found: LocalChange[] = [];

  /** Values a line is taken to change only by naming them other than in a plain call (the profile's summary-hidden functions). */
  private readonly callOnly: (v: { type?: string; value: string }) => boolean;

  constructor(
    private readonly session: Session,
    private readonly source: string[],
  ) {
    const pattern = session.profile.trace?.boundaryScopes;
    this.boundary = pattern ? new RegExp(pattern) : undefined;
    const { summaryHideTypes, summaryHideValues } = session.profile.variables;
    const hiddenValue = summaryHideValues ? new RegExp(summaryHideValues) : undefined;
    this.callOnly = (v) => (!!v.type && summaryHideTypes.includes(v.type)) || !!hiddenValue?.test(v.value);
  }

  /**
   * The per-line scopes' variables (an inner scope's name hides an outer one's), at the stop
   * after `ran` ran, with `next` about to run; the boundary scopes too when either line names
   * one of their variables (or `force`).
   */
  async read(ran: number | undefined, next: number, frame = 0, force = false): Promise<LocalValues> {
    const { inspector } = this.session;
    if (this.lastStop !== this.session.stop) [this.previousStop, this.lastStop] = [this.lastStop, this.session.stop];
    const scopes = inspector.primary(await inspector.scopes(frame));
    const perLine = scopes.filter((s) => !this.boundary?.test(s.name));
    const outer = scopes.filter((s) => this.boundary?.test(s.name));
    const wanted = outer.length > 0 && (force || this.names(ran) || this.names(next));
    const [lists, outerLists] = await Promise.all([
      Promise.all(perLine.map((s) => inspector.children(s.variablesReference))),
      wanted ? Promise.all(outer.map((s) => inspector.children(s.variablesReference))) : undefined,
    ]);
    const locals = merge(lists.map((l) => l.items), inspector.cut);
    await inspector.addWholes(locals, new Map(lists.flatMap((l) => l.items.map((v) => [v.name, v.variablesReference] as const)).reverse()));
    if (outerLists) {
      const items = outerLists.flatMap((l) => l.items);
      this.compare(merge(outerLists.map((l) => l.items), undefined), ran, next, locals, outer.map((s) => s.name).join(', '));
      this.named = namePattern(items, this.callOnly);
    }
    return locals;
  }

  /**
   * At a stop of this frame whose frames are read but which is not announced yet: asks for the
   * scopes and variables read() will read there (`ran` the line just run, `next` the stop's line),
   * so the answers are under way while the gateway attributes the stop.
   */
  readAhead(frameId: number, client: DapClient, ran: number | undefined, next: number): void {
    const { inspector, reads } = this.session;
    const boundary = (s: { name: string }) => !!this.boundary?.test(s.name);
    const wanted = this.names(ran) || this.names(next);
    void inspector.readAhead(reads.aheadTarget(client), frameId, (scopes) => inspector.primary(scopes).filter((s) => !boundary(s) || wanted));
  }

  /** At the frame's last stop (or where the trace is cut): the boundary scopes, unless read at this stop already. */
  async settle(ran: number | undefined, next: number, frame = 0): Promise<void> {
    if (!this.boundary || this.readAt === this.session.stop) return;
    await this.read(ran, next, frame, true);
  }

  /** When the frame was left with its boundary scopes not read at its last stop: what that leaves out. */
  unreadAtEnd(): string | undefined {
    if (!this.values.size || this.readAt === this.lastStop || this.readBefore === undefined) return undefined;
    return `${[...this.values.keys()].slice(0, 5).join(', ')} (read only around lines that name them) were last read before line ${this.readBefore}: a change a call made after that is not shown`;
  }

  /** Boundary changes found since the last call, for the line just run. */
  take(): LocalChange[] {
    const out = this.found;
    this.found = [];
    return out;
  }

  private compare(now: Map<string, string>, ran: number | undefined, next: number, inner: Map<string, string>, scopeNames: string): void {
    const first = this.readAt === undefined;
    // the previous boundary read was at the stop where `ran` started (or at this one): what changed since is its doing
    const exact = ran !== undefined && (this.readAt === this.previousStop || this.readAt === this.lastStop);
    if (!first) {
      for (const [name, to] of now) {
        const from = this.values.get(name);
        if (from === to) continue;
        const shown = inner.has(name) ? `${name} (${scopeNames})` : name;
        this.found.push({ name: shown, ...(from === undefined ? {} : { from }), to, ...(exact || this.readBefore === undefined ? {} : { since: this.readBefore }) });
      }
    }
    this.values = now;
    this.readBefore = next;
    this.readAt = this.session.stop;
  }

  private names(line: number | undefined): boolean {
    if (this.readAt === undefined) return true; // the first read takes them all
    return line !== undefined && !!this.named?.test(this.source[line - 1] ?? '');
  }
}

function merge(lists: { name: string; value: string; unreadable?: boolean }[][], cut: CutSummary | undefined): LocalValues {
  const out = new LocalValues(cut);
  for (const list of lists) {
    for (const v of list) {
      if (out.has(v.name)) continue;
      out.set(v.name, v.value);
      if (v.unreadable) out.unreadable.add(v.name);
    }
  }
  return out;
}

/**
 * A line names a boundary variable: any mention, except a plain call of one whose type the
 * profile hides from summaries (a module's functions: calling one is no change to it; what the
 * call changes shows at the next read, with the lines it may have happened on).
 */
function namePattern(items: { name: string; type?: string; value: string }[], callOnly: (v: { type?: string; value: string }) => boolean): RegExp | undefined {
  if (!items.length) return undefined;
  const alternatives = items.map((v) => `${escape(v.name)}${callOnly(v) ? '(?![\\w$]|\\s*\\()' : '(?![\\w$])'}`);
  return new RegExp(`(?<![\\w$])(?:${alternatives.join('|')})`);
}

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
