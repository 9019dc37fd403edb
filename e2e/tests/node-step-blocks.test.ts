import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const flags = join(repoRoot, 'e2e', 'fixtures', 'removed-while-paused', 'flags.js');

/**
 * js-debug gives a block (a loop's body) a scope with its own line range in front of the
 * function's: a step into a loop stays in the same call (was "Now in a different function" on
 * sindresorhus/camelcase).
 */
describe('a step into and out of a block of the same function (node, real js-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('into the loop, through its body, out after it: the same function all along, with what changed', async () => {
    await g.ok('debug_launch', { program: flags, breakpoints: [{ file: flags, line: lineOf(flags, 'let seen = 0;') }] }, 60_000);
    const steps = [];
    for (let n = 0; n < 4; n++) steps.push((await g.ok('debug_step', { kind: 'over' })).text);
    for (const text of steps) assert.doesNotMatch(text, /different function|another call/, steps.join('\n----\n'));
    assert.match(steps[0]!, /Changed: seen: \(new\) 0/, steps[0]);
    assert.match(steps[1]!, /Changed: i: (?:\(new\)|undefined ->) 0/, steps[1]);
    assert.match(steps[3]!, /Changed: [^\n]*\bc: \(new\) 'a'/, steps[3]);
    await g.call('debug_stop');
  });
});
