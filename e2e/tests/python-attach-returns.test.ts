// A trace in a session attached to a running Python program shows return values as one launched
// does (python-tabulate's trial: every call read "-> (unknown)" once attached): debugpy shows them
// only when the attach asks for them (showReturnValue), by port and by pid alike.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '@dapgate/dap';
import { Gateway, pyExample } from '../support/gateway.js';
import { killGroup, startDebugpyListener } from '../support/processes.js';

const loop = pyExample('loop.py');

describe('return values in an attached python session (real debugpy)', () => {
  let g: Gateway;
  let python: string;
  const started: ChildProcess[] = [];
  before(async () => {
    g = await Gateway.start();
    python = (await g.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'python').path;
  });
  after(async () => {
    for (const t of started) killGroup(t);
    await g?.close();
  });

  test('a trace of a call in the running loop reports what it returned', async () => {
    const port = await freePort();
    const target = startDebugpyListener(python, port, loop, ['120']);
    started.push(target);
    await g.ok('debug_attach', { language: 'python', port, waitForTargetMs: 15_000 }, 60_000);
    try {
      const t = await g.ok('debug_trace', { function: 'tick', file: loop, timeoutMs: 20_000 }, 60_000);
      assert.match(t.text, /^Returned \d+\.$/m, t.text);
      assert.match(t.structured.traces[0].end.value ?? '', /^\d+$/, t.text);
    } finally {
      await g.call('debug_stop');
      killGroup(target);
    }
  });
});
