import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const callback = join(repoRoot, 'e2e', 'fixtures', 'python-exceptions', 'callback_raise.py');

/**
 * debugpy's exception stop that leaves the program's code (userUnhandled) names the exception
 * with a note of its own ("(note: full exception trace is shown but execution is paused at: f)")
 * and the frame as "f (Current frame)": the answer keeps the type and message exact, without them.
 */
describe('debugpy exception stops without the adapter\'s notes (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a user-unhandled exception: type, message and frame name exact', async () => {
    await g.ok('debug_launch', { program: callback, stopOnEntry: true }, 120_000);
    await g.ok('debug_exception_breakpoints', { filters: ['userUnhandled'] });
    const r = await g.ok('debug_continue', { timeoutMs: 30_000 });
    const stop = r.structured.stop;
    assert.equal(stop?.reason, 'exception', r.text);
    assert.equal(stop?.text, 'ValueError', r.text);
    assert.equal(stop?.description, "cannot shout 'bad'", r.text);
    assert.equal(stop?.function, 'shout', r.text);
    assert.equal(stop?.line, lineOf(callback, 'raise ValueError'), r.text);
    assert.match(r.text, /stopped at exception: ValueError: cannot shout 'bad', callback_raise\.py:\d+ in shout \[thread/, r.text);
    assert.doesNotMatch(r.text, /note: full exception trace|Current frame/, r.text);
    const stack = await g.ok('debug_stack', {});
    assert.doesNotMatch(stack.text, /Current frame/, stack.text);
    await g.ok('debug_stop', {});
  });
});
