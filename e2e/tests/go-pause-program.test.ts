// A pause shows the nearest program frame (issue 21, finding 4). delve halts whichever goroutine was
// running: in a program whose own goroutines all wait, that is most often one running library code
// only (here os/exec's output copiers), and the answer said "No frame of the program's own code".
// The answer shows a goroutine that has the program's code (delve's own when it has), says which and
// that others are paused, and the next calls act on it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';

const dir = join(repoRoot, 'e2e', 'fixtures', 'go-pause-library');
const main = join(dir, 'main.go');
/** Runs at most; it ends sooner once a pause landed in a library-only goroutine. */
const LAUNCHES = 8;

describe('go: a pause shows a goroutine with the program\'s own code (real dlv)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test(`the first pause of each run of a program whose running goroutines run library code only shows the program's code`, async () => {
    const ours = new RegExp(`main\\.go:(?:${lineOf(main, 'wg.Wait() // main waits here')}|${lineOf(main, 'for job := range jobs')}) in main\\.(?:main|worker)\\b`);
    let switched = 0;
    // which goroutine delve's first halt reports varies from run to run (later ones in a run repeat it):
    // about every other run it is a copier
    let runs = 0;
    for (; runs < LAUNCHES && !(switched > 0 && runs >= 2); runs++) {
      const r = await g.ok('debug_launch', { program: dir }, 180_000);
      try {
        assert.equal(r.structured.state, 'running', r.text);
        assert.ok(await eventually(async () => /busy/.test((await g.ok('debug_output', {})).text), 30_000, 200), 'the program started');
        const p = await g.ok('debug_pause', { timeoutMs: 20_000 }, 60_000);
        assert.equal(p.structured.state, 'stopped', p.text);
        assert.doesNotMatch(p.text, /No frame of the program's own code/, p.text);
        assert.match(p.text, ours, p.text);
        if (p.structured.pickedThread) {
          switched++;
          const { reported, shown } = p.structured.pickedThread;
          assert.notEqual(reported, shown, p.text);
          assert.equal(p.structured.stop.threadId, shown, p.text);
          assert.match(p.text, /stopped at pause\b/, p.text);
          assert.doesNotMatch(p.text, /stopped at paused/, p.text);
          assert.match(p.text, new RegExp(`delve stopped thread ${reported}, which runs library code only[^\\n]*; shown: thread ${shown}\\b[^\\n]*debug_threads[^\\n]*debug_snapshot`), p.text);
          // the next calls are about the goroutine shown
          const st = await g.ok('debug_status', {});
          assert.equal(st.structured.stop.threadId, shown, st.text);
          assert.match(st.text, ours, st.text);
        }
      } finally {
        await g.call('debug_stop');
      }
    }
    console.log(`first pauses that delve reported in a library-only goroutine: ${switched} of ${runs}`);
    assert.ok(switched > 0, `in ${runs} runs delve never reported a library-only goroutine: the case was not exercised`);
  });
});
