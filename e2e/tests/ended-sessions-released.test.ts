import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ProfileRegistry, SessionManager, loadProfiles } from '@dapgate/core';
import { lineOf, pyExample, repoRoot } from '../support/gateway.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function collected(refs: WeakRef<object>[]): Promise<number> {
  for (let i = 0; i < 5; i++) {
    await tick(); // a WeakRef target stays alive until the job that read it ends
    gc();
  }
  return refs.filter((r) => r.deref() === undefined).length;
}

/**
 * Issue 12 (the soak's slow RSS growth): an ended session the manager no longer keeps must be
 * garbage, also when its adapter process lives on (js-debug is one server shared by every Node
 * session). Real adapters, real programs; the manager in this process so its heap can be checked.
 */
describe('ended sessions are released', () => {
  const manager = new SessionManager(new ProfileRegistry(loadProfiles()));
  after(async () => manager.stopAll());

  const cases = [
    { language: 'node', program: join(repoRoot, 'examples', 'node', 'quick.js'), at: 'return count;' },
    { language: 'python', program: pyExample('quick.py'), at: 'return out' },
  ];
  for (const c of cases) {
    test(`${c.language}: 12 launched and stopped sessions leave the kept few reachable, no more`, async () => {
      const refs: WeakRef<object>[] = [];
      for (let i = 0; i < 12; i++) {
        const [bp] = await manager.addBreakpoints([{ file: c.program, line: lineOf(c.program, c.at) }], repoRoot);
        const s = await manager.launch({ program: c.program });
        assert.equal(await s.waitForSettled(60_000), 'stopped', `session ${s.id}: ${s.state}`);
        assert.deepEqual(s.stop?.breakpointIds, [bp!.id], `session ${s.id} stopped at ${c.at}`);
        await s.end(true);
        manager.book.remove([bp!.id]);
        refs.push(new WeakRef(s));
      }
      const kept = manager.list();
      assert.ok(kept.length <= 6, `the manager keeps the last few ended sessions, not ${kept.length}`);
      const released = await collected(refs.slice(0, refs.length - kept.length));
      assert.equal(released, refs.length - kept.length, `${refs.length - kept.length - released} ended sessions the manager dropped are still reachable`);
    });
  }
});
