import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deadlockCycles } from '../src/session/snapshot/snapshot-locks.js';
import { groupByPlace, type ThreadSnapshot } from '../src/session/snapshot/snapshot.js';

const at = (file: string, line: number, library = false) => ({ index: 0, name: 'f', file, line, library });
function thread(id: number, waitsFor?: { id: number; owner?: number; entering?: boolean }, holds: number[] = []): ThreadSnapshot {
  return {
    id,
    state: 'stopped',
    frames: [at('app.java', 10 + id)],
    programFrame: 0,
    locks: { holds: holds.map((h) => ({ type: 'java.lang.Object', id: h })), ...(waitsFor ? { waitsFor: { type: 'java.lang.Object', id: waitsFor.id, entering: waitsFor.entering ?? true, ...(waitsFor.owner !== undefined ? { owner: waitsFor.owner } : {}) } } : {}) },
  };
}

describe('snapshot: deadlock cycles', () => {
  test('threads entering locks held by the next one in a circle are one deadlock; a chain into a running thread is none', () => {
    const threads = [thread(1, { id: 102, owner: 2 }, [101]), thread(2, { id: 103, owner: 3 }, [102]), thread(3, { id: 101, owner: 1 }, [103]), thread(4, { id: 101, owner: 1 }), thread(5, undefined, [200])];
    const found = deadlockCycles(threads);
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.threads.map((m) => [m.id, m.heldBy, m.waitsFor.id]).sort(), [[1, 2, 102], [2, 3, 103], [3, 1, 101]]);
    assert.equal(found[0]!.threads.find((m) => m.id === 2)?.line, 12, 'each member is named by the line it waits at');
  });

  test('a wait() on a lock (not entering it) is no deadlock edge', () => {
    assert.deepEqual(deadlockCycles([thread(1, { id: 102, owner: 2, entering: false }, [101]), thread(2, { id: 101, owner: 1 }, [102])]), []);
  });
});

describe('snapshot: where threads wait', () => {
  test('grouped by the nearest program frame and reason, program places first, most first', () => {
    const t = (id: number, frames: ThreadSnapshot['frames'], reason?: string): ThreadSnapshot => ({ id, state: 'stopped', frames, programFrame: frames.find((f) => !f.library)?.index, ...(reason ? { waitReason: reason } : {}) });
    const lib = { index: 0, name: 'runtime.gopark', file: '/go/src/runtime/proc.go', line: 1, library: true };
    const user = (line: number) => ({ index: 1, name: 'main.f', file: '/app/main.go', line, library: false });
    const groups = groupByPlace([t(1, [lib], 'GC sweep wait'), t(2, [lib, user(14)], 'chan receive'), t(3, [lib, user(14)], 'chan receive'), t(4, [lib, user(20)], 'sync.Mutex.Lock'), t(5, [lib, user(14)], 'select')]);
    assert.deepEqual(groups.map((g) => [g.line, g.reason, g.threadIds]), [[14, 'chan receive', [2, 3]], [20, 'sync.Mutex.Lock', [4]], [14, 'select', [5]], [1, 'GC sweep wait', [1]]]);
    assert.equal(groups.at(-1)!.noProgramFrame, true);
  });
});
