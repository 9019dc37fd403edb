import type { SessionManager } from '../session/manager.js';
import type { Session } from '../session/session.js';
import { GatewayError } from '../errors.js';
import type { AttachRequest } from '../session/types.js';
import { StateFile, type SavedSession, type SavedState } from './state-file.js';

/** Lost sessions kept across restarts (the newest). */
const MAX_LOST = 20;

/**
 * Keeps a workspace between gateway runs: restores the saved breakpoint book, exception filter
 * choices and the sessions that were live (as lost), then saves on every change and once more,
 * with the sessions still live, when the gateway shuts down. Returns the problem with the saved
 * state, if there was one (the file was set aside).
 */
export async function persistWorkspace(manager: SessionManager, file: StateFile): Promise<string | undefined> {
  const { state, problem } = await file.load();
  if (state) restore(manager, state);
  manager.kept.problem = problem;
  const save = () => file.schedule(() => snapshot(manager, file.folder));
  manager.book.on('change', save);
  manager.kept.onChange(save);
  manager.kept.onStopAll(() => file.final(() => snapshot(manager, file.folder)));
  return problem;
}

/**
 * Attaches again to the target of a session lost when the gateway restarted; the new session gets a
 * new id (`sessionId`, when reserved for breakpoints given with it). The lost one's own breakpoints ended with it.
 */
export async function reattach(manager: SessionManager, id: string, sessionId?: string): Promise<Session> {
  const saved = manager.kept.lost.get(id);
  if (!saved) {
    const lost = [...manager.kept.lost.keys()];
    throw new GatewayError(`no lost session '${id}' to re-attach`, lost.length ? `lost sessions: ${lost.join(', ')}` : undefined, { code: 'unknown-session', ...(lost.length ? {} : { next: 'list-lost-sessions' }) });
  }
  if (!saved.attach) throw new GatewayError(`session '${id}' was launched (${saved.target}), not attached`, undefined, { code: 'not-supported', next: 'launch-again' });
  const session = await manager.attach({ ...(saved.attach as AttachRequest), sessionId });
  manager.kept.lost.delete(id);
  manager.kept.changed();
  return session;
}

function restore(manager: SessionManager, state: SavedState): void {
  manager.book.restore(state.breakpoints);
  for (const [profile, filters] of Object.entries(state.exceptionFilters)) manager.kept.exceptionFilterChoices.set(profile, filters);
  for (const s of state.sessions) manager.kept.lost.set(s.id, s);
  manager.reserveIds(state.sessions.map((s) => s.id));
}

function snapshot(manager: SessionManager, folder: string): SavedState {
  const live: SavedSession[] = manager
    .list()
    .filter((s) => s.live)
    .map((s) => ({ id: s.id, kind: s.kind, language: s.profile.id, target: s.target, cwd: s.cwd, state: s.state, attach: manager.kept.attachRequests.get(s.id) as Record<string, unknown> | undefined }));
  return {
    version: 1,
    folder,
    breakpoints: manager.book
      .list()
      .filter((b) => !b.sessionId) // a session's own end with it
      .map(({ id, file, line, function: fn, condition, hitCondition, logMessage, temporary }) => ({ id, file, line, function: fn, condition, hitCondition, logMessage, temporary })),
    exceptionFilters: Object.fromEntries(manager.kept.exceptionFilterChoices),
    sessions: [...manager.kept.lost.values(), ...live].slice(-MAX_LOST),
  };
}
