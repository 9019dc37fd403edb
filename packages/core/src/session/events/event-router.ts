import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Profile } from '../../profiles/schema.js';
import type { BreakpointSync } from '../breakpoints/breakpoint-sync.js';
import type { SessionConnections } from '../connection/connections.js';
import type { DapClient, SendRequest } from '../connection/dap-client.js';
import type { ExceptionStopCheck, OutputEntry, SessionState, StopInfo } from '../types.js';
import { handledException } from './exception-check.js';
import type { BreakpointBook } from '../../breakpoints/book.js';
import type { CursorLog } from '../../logs/cursor-log.js';
import { asLogpointMessage } from '../../logs/logpoint-output.js';
import { splitLogpointOutput } from '../../breakpoints/logpoint-marker.js';
import { endAfterAdapter, settleExit, type ProgramEndHost } from '../lifecycle/program-end.js';
import type { ThreadTable } from '../threads/threads.js';
import type { ThreadControl } from '../threads/thread-control.js';
import { cleanFrameNames } from '../reads/frame-names.js';
import { cleanExceptionText } from './exception-text.js';

/** What the event router reads and changes on its session. */
export interface EventHost extends ProgramEndHost {
  readonly kind: 'launch' | 'attach';
  readonly profile: Profile;
  readonly state: SessionState;
  readonly live: boolean;
  readonly reconnecting: boolean;
  readonly sync: BreakpointSync;
  readonly connections: Pick<SessionConnections, 'noteProgramPid' | 'forgetProgramPids' | 'programProcess'>;
  readonly threads: ThreadTable;
  readonly control: ThreadControl;
  /** Frames read at each stop, when not the default (a trace reads fewer: its profile's `trace.stopFrames`). */
  readonly framesAtStop?: number;
  /** Called once a stop's frames are read, before it is attributed and announced (a trace asks for its next reads then). */
  readonly readAhead?: (stop: StopInfo, client: DapClient) => void;
  /** The debugged process's pid (the adapter's process event names it). */
  targetPid: number | undefined;
  /** Exception stops it says were handled are resumed unseen (only while the launch's own exception filters apply). */
  readonly exceptionStopCheck?: ExceptionStopCheck;
  /** The last stop's description, kept after the program runs on (an exit may follow from it). */
  lastStopDescription: string | undefined;
  /** The adapter's own connection. */
  isMain(client: DapClient): boolean;
  /** The connection where the program runs (the adapter's, or the first child's). */
  isProgram(client: DapClient): boolean;
  moveTo(state: SessionState): void;
  /** Threads ran again: the session runs unless some thread is still stopped. */
  afterResume(): void;
  /** The stop is complete (frames fetched): let waiters see it. */
  announceStop(): void;
  /** Clears what was read during the previous stop. */
  forgetReads(): void;
  reconnect(reason: string): void;
  /** Settles once an `exited` report has been resolved (lifecycle/program-end.ts). */
  exitSettled: Promise<void>;
  /** A child target (worker, forked process) ended. */
  targetEnded(client: DapClient): void;
  send: SendRequest;
  onOutput(category: string, text: string): void;
  logEvent(type: string, summary: string, body?: unknown): void;
}

const FRAMES_AT_STOP = 20;
const STACK_ATTEMPTS = 4;

/** Translates one DAP event from one of the session's connections into the session's state and logs. */
export function routeEvent(s: EventHost, e: DebugProtocol.Event, from: DapClient): void {
  // every DAP event has its own body; each case below reads the fields of its event
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const body = (e.body ?? {}) as Record<string, any>;
  switch (e.event) {
    case 'stopped':
      void onStopped(s, body as DebugProtocol.StoppedEvent['body'], from);
      return;
    case 'continued':
      s.control.othersMayRun(from);
      s.threads.continued(from, body.threadId, body.allThreadsContinued !== false);
      s.afterResume();
      s.logEvent('continued', `thread ${body.threadId} continued${body.allThreadsContinued !== false ? ' (all threads)' : ''}`, body);
      return;
    case 'exited':
      if (!s.isProgram(from)) return s.logEvent('exited', `child process exited with code ${body.exitCode}`, body);
      s.connections.forgetProgramPids();
      s.exitSettled = settleExit(s, body.exitCode);
      return;
    case 'terminated':
      if (!s.isMain(from)) {
        s.logEvent('terminated', 'child session ended', body);
        if (!s.isProgram(from)) s.targetEnded(from);
        return;
      }
      s.logEvent('terminated', 'debug session terminated', body);
      if (s.reconnecting) s.reconnect('the target ended');
      else if (s.live) void endAfterAdapter(s, s.exitSettled);
      return;
    case 'output':
      s.onOutput(body.category ?? 'console', String(body.output ?? ''));
      return;
    case 'breakpoint': {
      const bp = body.breakpoint as DebugProtocol.Breakpoint;
      if (bp) s.sync.onEvent(from, body.reason, bp);
      s.logEvent('breakpoint', `breakpoint ${body.reason}: ${bp?.verified ? 'verified' : 'unverified'} line ${bp?.line ?? '?'}`, body);
      return;
    }
    case 'thread':
      if (body.reason === 'started') s.control.othersMayRun(from); // a thread started during a step runs until paused
      s.threads.onThreadEvent(from, body.reason, body.threadId);
      if (body.reason === 'exited') s.afterResume();
      s.logEvent('thread', `thread ${body.threadId} ${body.reason}`, body);
      return;
    case 'process':
      if (s.kind === 'launch' && body.startMethod !== 'attach' && typeof body.systemProcessId === 'number') s.connections.noteProgramPid(body.systemProcessId);
      if (s.isProgram(from) && typeof body.systemProcessId === 'number') s.targetPid = body.systemProcessId;
      s.logEvent('process', `process ${body.name ?? ''} ${body.systemProcessId ?? ''} started`.replace(/\s+/g, ' '), body);
      return;
    case 'initialized':
    case 'module':
    case 'loadedSource':
      return;
    default:
      s.logEvent(e.event, e.event, body);
  }
}

/**
 * A stop: fetch the stopped thread's top frames (and the exception, if any) before waiters see
 * `stopped`, so every answer about it has a location; then attribute it to gateway breakpoints.
 */
async function onStopped(s: EventHost, body: DebugProtocol.StoppedEvent['body'], from: DapClient): Promise<void> {
  const threadId = body.threadId ?? (await s.send('threads', undefined, undefined, from).then((r) => r?.threads[0]?.id, () => undefined)) ?? 0;
  const paused = s.control.pausedWithOthers(from, body.reason);
  if (paused) {
    // paused by the gateway with the thread that stopped (threads.suspendOthers): not a stop of its own;
    // stale when everything was resumed since (the adapter served the pause first)
    if (paused === 'with-others') s.threads.entry(from, threadId).state = 'stopped';
    return;
  }
  s.forgetReads();
  const stop: StopInfo = {
    seq: 0,
    ready: false,
    reason: body.reason,
    description: cleanExceptionText(body.description, s.profile.stops.exceptionTextNoise),
    text: cleanExceptionText(body.text, s.profile.stops.exceptionTextNoise),
    threadId: 0,
    allThreadsStopped: body.allThreadsStopped ?? false,
    breakpointIds: [],
    frames: [],
    at: Date.now(),
  };
  const thread = s.threads.stopped(from, threadId, stop);
  stop.threadId = thread.id;
  s.lastStopDescription = [stop.description, stop.text].filter(Boolean).join(': ') || undefined;
  // The session becomes `stopped` only once this stop is known to be one (a hit its hit condition
  // skips is resumed unseen): until then no answer can show it, not even one whose wait ran out.
  // A headless delve can answer "debuggee is running" for a moment after its own stopped event:
  // ask again a few times (bounded, while the thread stays stopped) before reporting a stop without a location.
  for (let attempt = 0; attempt < STACK_ATTEMPTS && thread.stop === stop; attempt++) {
    try {
      await readStopFrames(s, stop, threadId, from, s.framesAtStop ?? FRAMES_AT_STOP);
      break;
    } catch {
      if (from.closed) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (thread.stop === stop && stop.frames.length) s.readAhead?.(stop, from);
  if (body.reason === 'exception' && from.supports('exceptionInfo')) {
    try {
      const info = await s.send('exceptionInfo', { threadId }, undefined, from);
      const noise = s.profile.stops.exceptionTextNoise;
      stop.text = cleanExceptionText(info?.exceptionId, noise) ?? stop.text;
      stop.description = cleanExceptionText(info?.description ?? info?.details?.message, noise) ?? stop.description;
    } catch {
      /* the stop is still reported, without the exception's name */
    }
  }
  // every stop counts and is logged, even one whose thread was resumed before it was read
  const attributed = await s.sync.onStop(from, body, stop.frames[0]);
  const top = stop.frames[0];
  const handled = !attributed.ids.length && (await handledException(s, stop, from));
  if (attributed.resume || handled) {
    // A hit the hit condition skips, or an exception the program handled: resume silently, nobody sees this stop.
    if (attributed.resume) s.logEvent('hit-skipped', `${attributed.ids.join(',')} hit (hit condition not met); resumed`);
    const still = s.threads.get(thread.id);
    if (still?.stop === stop) {
      const mark = s.threads.lastStopSeq;
      s.control.othersMayRun(from);
      s.threads.resume(still);
      s.afterResume();
      const r = await s.send('continue', { threadId }, undefined, from).catch(() => undefined);
      if (r?.allThreadsContinued !== false) s.threads.allContinuedSince(from, mark);
      s.afterResume();
    }
    return;
  }
  stop.breakpointIds = attributed.ids;
  const where = top ? `${top.source?.path ?? top.source?.name ?? '?'}:${top.line}` : 'unknown location';
  s.logEvent('stopped', `thread ${thread.id} stopped (${body.reason}${stop.breakpointIds.length ? ` ${stop.breakpointIds.join(',')}` : ''}) at ${where}`, { ...body, threadId: thread.id });
  // the other threads pause before anyone sees the stop (a resume cannot overtake the pause)
  await s.control.suspendOthers(thread);
  stop.ready = true;
  if (thread.stop !== stop) return s.afterResume(); // resumed while being read
  if (s.state !== 'stopped') s.moveTo('stopped');
  else s.announceStop();
}

/**
 * The stopped thread's top `levels` frames (`threadId`: the adapter's id), into `stop`. Fewer than
 * the default while a trace runs (its `trace.stopFrames`), read in full again when it ends.
 */
export async function readStopFrames(s: Pick<EventHost, 'send' | 'profile'>, stop: StopInfo, threadId: number, from: DapClient, levels = FRAMES_AT_STOP): Promise<void> {
  const r = await s.send('stackTrace', { threadId, startFrame: 0, levels }, undefined, from);
  // read before the names are cleaned: the marker of where execution is paused is part of a name
  const marker = s.profile.stops.pausedFrame ? new RegExp(s.profile.stops.pausedFrame) : undefined;
  const paused = marker ? (r?.stackFrames ?? []).findIndex((f, i) => i > 0 && marker.test(f.name)) : -1;
  if (paused > 0) stop.pausedFrame = paused;
  else delete stop.pausedFrame;
  stop.frames = cleanFrameNames(r?.stackFrames ?? [], s.profile.stops);
  // a page shorter than asked ends the stack; a full one leaves the adapter's totalFrames, which may be an estimate (delve's)
  const ended = stop.frames.length < levels;
  stop.totalFrames = ended ? stop.frames.length : r?.totalFrames;
  stop.totalFramesExact = ended;
}

/** What recording program output needs from its session. */
export interface OutputHost {
  readonly profile: Profile;
  readonly sync: BreakpointSync;
  readonly book: BreakpointBook;
  readonly output: CursorLog<OutputEntry>;
  logEvent(type: string, summary: string): void;
}

/** Program output; lines the adapter printed for logpoints (found by their markers) count hits and are filed as `logpoint`. */
export function recordOutput(s: OutputHost, category: string, text: string): void {
  if (s.profile.ignoreOutputCategories.includes(category)) return;
  for (const piece of splitLogpointOutput(text)) {
    s.sync.countLogpointHits(piece.ids);
    let out = programOutput(s.profile, piece.text);
    if (!out) continue;
    const quoted = piece.ids.length && s.profile.logpointOutput; // js-debug prints strings quoted, as console.log('%O') does
    if (quoted) out = asLogpointMessage(out, piece.ids.flatMap((id) => s.book.get(id)?.logMessage ?? []), quoted.quote) ?? out;
    s.output.append({ category: piece.ids.length ? 'logpoint' : category, text: out, ...(piece.ids.length ? { breakpointIds: piece.ids } : {}) });
    s.logEvent('output', `[${piece.ids.length ? 'logpoint' : category}] ${out.length > 200 ? `${out.slice(0, 200)}...` : out.trimEnd()}`);
  }
}

/** Program output without what the runtime prints about the debugger (the profile's ignoreOutputLines). */
export function programOutput(profile: Profile, text: string): string {
  if (!profile.ignoreOutputLines.length) return text;
  const noise = profile.ignoreOutputLines.map((p) => new RegExp(p));
  return (text.match(/[^\n]*(?:\n|$)/g) ?? []).filter((l) => !noise.some((r) => r.test(l.replace(/\r?\n$/, '')))).join('');
}
