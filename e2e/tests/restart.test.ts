import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '@dapgate/dap';
import { StateFile } from '@dapgate/core';
import { freshStateDir, Gateway, lineOf, pyExample } from '../support/gateway.js';
import { killGroup, startDebugpyListener } from '../support/processes.js';

const quick = pyExample('quick.py');
const loop = pyExample('loop.py');

describe('workspace state survives a gateway restart', () => {
  const targets: ChildProcess[] = [];
  after(() => targets.forEach(killGroup));

  test('breakpoints and exception filters come back and bind; a live attach is listed as lost and re-attached in one call', async () => {
    const state = { DAPGATE_STATE_DIR: freshStateDir() };
    const line = lineOf(quick, 'out.append(v * v)');
    const first = await Gateway.start(state);
    const langs = await first.ok('debug_languages');
    const python = langs.structured.languages.find((l: any) => l.id === 'python').path;
    const port = await freePort();
    targets.push(startDebugpyListener(python, port, loop, ['120']));
    const bp = await first.ok('debug_breakpoint_set', { file: quick, line });
    const attached = await first.ok('debug_attach', { language: 'python', port, waitForTargetMs: 15_000 });
    const lostId = attached.structured.sessionId as string;
    await first.ok('debug_exception_breakpoints', { filters: ['raised', 'uncaught'] });
    await first.close(); // stdin closes: the gateway detaches and exits

    const second = await Gateway.start(state);
    try {
      const listed = await second.ok('debug_breakpoints');
      assert.match(listed.text, new RegExp(`${bp.structured.breakpoint.id}\\b.*quick\\.py:${line}`), listed.text);
      const sessions = await second.ok('debug_sessions');
      assert.match(sessions.text, new RegExp(`${lostId} lost in a gateway restart .*python 127\\.0\\.0\\.1:${port} \\(attach\\).*reattach: "${lostId}"`), sessions.text);
      const stale = await second.call('debug_status', { sessionId: lostId });
      assert.ok(stale.isError);
      assert.match(stale.text, /was lost when the gateway restarted.*debug_attach \{reattach/s, stale.text);

      const again = await second.ok('debug_attach', { reattach: lostId }, 60_000);
      assert.notEqual(again.structured.sessionId, lostId, 'the new session has a new id');
      assert.ok(['running', 'stopped'].includes(again.structured.state), again.text);
      const filters = await second.ok('debug_exception_breakpoints', {});
      assert.deepEqual([...filters.structured.active].sort(), ['raised', 'uncaught'], filters.text);
      assert.doesNotMatch((await second.ok('debug_sessions')).text, /lost in a gateway restart/);
      await second.ok('debug_stop', {});

      const launched = await second.ok('debug_launch', { program: quick }, 90_000);
      assert.equal(launched.structured.state, 'stopped', launched.text);
      assert.equal(launched.structured.stop.line, line, launched.text);
      assert.deepEqual(launched.structured.stop.breakpointIds, [bp.structured.breakpoint.id], launched.text);
      await second.ok('debug_stop', {});
    } finally {
      await second.close();
    }
  });

  for (const [what, spoil] of [
    ['not JSON', (path: string) => writeFileSync(path, '{"version": 1, "breakpoints": [tru')],
    ['valid JSON of the wrong shape', (path: string) => writeFileSync(path, JSON.stringify({ version: 1, folder: process.cwd(), breakpoints: [{ id: 'x' }] }))],
    ['unreadable (a folder)', (path: string) => mkdirSync(path)],
  ] as const) {
    test(`a state file that is ${what} is reported and set aside; the gateway works`, async () => {
      const dir = freshStateDir();
      const path = new StateFile(process.cwd(), dir).path;
      mkdirSync(dirname(path), { recursive: true });
      spoil(path);
      const g = await Gateway.start({ DAPGATE_STATE_DIR: dir });
      try {
        const listed = await g.ok('debug_breakpoints');
        assert.match(listed.text, /No breakpoints.*\nNote: .*(not a valid dapgate state file|could not be read).*moved to .*\.corrupt-\d+/s, listed.text);
        assert.ok(readdirSync(dir).some((f) => /\.corrupt-\d+$/.test(f)), 'the bad file is kept aside for a look');
        await g.ok('debug_breakpoint_set', { file: quick, line: lineOf(quick, 'total = sum(result)') });
      } finally {
        await g.close();
      }
      assert.ok(existsSync(path), 'a fresh state file is written after the bad one was set aside');
    });
  }
});
