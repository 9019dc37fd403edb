import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Gateway } from '../support/gateway.js';
import { fakeConfigDir, fakeProgram } from '../support/fake-config.js';

// the fake adapter offers neither logpoints nor conditional breakpoints
describe('a logpoint or condition the adapter cannot do is refused, never sent as a plain breakpoint', () => {
  test('set before the session: not sent, and the launch answer says so; set during it: refused at once', async () => {
    const g = await Gateway.start({ DAPGATE_CONFIG_DIR: fakeConfigDir() });
    try {
      const logpoint = (await g.ok('debug_breakpoint_set', { file: fakeProgram, line: 1, logMessage: 'x is {x}' })).structured.breakpoint.id as string;
      const launched = await g.ok('debug_launch', { program: fakeProgram, language: 'fake' }, 30_000);
      assert.match(launched.text, new RegExp(`${logpoint} .*not set: fake-adapter does not support logpoints, so it would stop at every pass instead`), launched.text);
      const traffic = (await g.ok('debug_diagnose')).structured.traffic as { summary: string }[];
      assert.ok(!traffic.some((t) => /setBreakpoints/.test(t.summary) && /"line":1/.test(t.summary)), `the logpoint was not sent as a breakpoint: ${JSON.stringify(traffic.map((t) => t.summary))}`);
      const listed = await g.ok('debug_breakpoints');
      assert.match(listed.text, new RegExp(`${logpoint} .*pending \\(not set: fake-adapter does not support logpoints`), listed.text);

      const during = await g.call('debug_breakpoint_set', { file: fakeProgram, line: 1, condition: 'x > 1' });
      assert.ok(during.isError, during.text);
      assert.match(during.text, /does not support conditions/, during.text);
      await g.ok('debug_stop', {});
    } finally {
      await g.close();
    }
  });
});
