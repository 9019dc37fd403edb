import { EventEmitter } from 'node:events';
import type { SessionState } from '../types.js';

/**
 * Which state may follow which. `reconnecting` is reached only by attach sessions with reconnect;
 * `terminated` and `failed` are final. Staying in a live state is allowed (it re-announces it, so
 * waiters re-check, e.g. when a stop's frames have been fetched).
 */
export const TRANSITIONS: Readonly<Record<SessionState, readonly SessionState[]>> = {
  initializing: ['configuring', 'reconnecting', 'terminated', 'failed'],
  configuring: ['running', 'stopped', 'exited', 'reconnecting', 'terminated', 'failed'],
  running: ['stopped', 'exited', 'reconnecting', 'terminated', 'failed'],
  stopped: ['running', 'exited', 'reconnecting', 'terminated', 'failed'],
  exited: ['reconnecting', 'terminated', 'failed'],
  reconnecting: ['configuring', 'terminated', 'failed'],
  terminated: [],
  failed: [],
};

export class IllegalTransitionError extends Error {
  constructor(
    readonly from: SessionState,
    readonly to: SessionState,
  ) {
    super(`illegal session state transition ${from} -> ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

/** A session's state, changed only along TRANSITIONS; emits `state` on every (re-)entry. */
export class SessionStateMachine extends EventEmitter<{ state: [SessionState, SessionState] }> {
  constructor(private current: SessionState = 'initializing') {
    super();
  }

  get state(): SessionState {
    return this.current;
  }

  can(to: SessionState): boolean {
    return (to === this.current && TRANSITIONS[to].length > 0) || TRANSITIONS[this.current].includes(to);
  }

  /** Moves to `to`; throws IllegalTransitionError when the table does not allow it. */
  to(to: SessionState): void {
    if (!this.can(to)) throw new IllegalTransitionError(this.current, to);
    const from = this.current;
    this.current = to;
    this.emit('state', to, from);
  }
}
