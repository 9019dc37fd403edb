import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IllegalTransitionError, SessionStateMachine, TRANSITIONS } from '../src/session/lifecycle/state-machine.js';
import type { SessionState } from '../src/session/types.js';

const ALL = Object.keys(TRANSITIONS) as SessionState[];

test('the table walk: every pair of states is allowed exactly as the table says', () => {
  let allowed = 0;
  for (const from of ALL) {
    for (const to of ALL) {
      const m = new SessionStateMachine(from);
      const seen: [SessionState, SessionState][] = [];
      m.on('state', (now, before) => seen.push([now, before]));
      const legal = TRANSITIONS[from].includes(to) || (from === to && TRANSITIONS[from].length > 0);
      assert.equal(m.can(to), legal, `${from} -> ${to}`);
      if (legal) {
        m.to(to);
        allowed++;
        assert.equal(m.state, to);
        assert.deepEqual(seen, [[to, from]], `${from} -> ${to} is announced once`);
      } else {
        assert.throws(() => m.to(to), (e: unknown) => e instanceof IllegalTransitionError && e.from === from && e.to === to, `${from} -> ${to} must be refused`);
        assert.equal(m.state, from, 'a refused move changes nothing');
        assert.deepEqual(seen, []);
      }
    }
  }
  assert.ok(allowed > ALL.length, 'the table allows some moves');
});

test('the lifecycle path and its shape', () => {
  const m = new SessionStateMachine();
  for (const s of ['configuring', 'running', 'stopped', 'running', 'stopped', 'exited', 'terminated'] as const) m.to(s);
  assert.equal(m.state, 'terminated');
  for (const final of ['terminated', 'failed'] as const) assert.deepEqual(TRANSITIONS[final], [], `${final} is final`);
  for (const s of ALL.filter((x) => x !== 'terminated' && x !== 'failed')) assert.ok(TRANSITIONS[s].includes('failed'), `${s} -> failed`);
  assert.ok(!TRANSITIONS.exited.includes('running'), 'an exited program does not run again');
  assert.ok(!TRANSITIONS.initializing.includes('running'), 'running comes after configuring');
  assert.deepEqual(TRANSITIONS.reconnecting, ['configuring', 'terminated', 'failed']);
});
