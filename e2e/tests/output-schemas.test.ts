import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Gateway, lineOf, pyExample, type ToolReply } from '../support/gateway.js';

/**
 * Every tool's real structuredContent, from real debugpy sessions, checked against the output
 * schema tools/list announces (the SDK client checks it too: Gateway lists the tools first).
 */
describe('output schemas', () => {
  test('each tool announces what its structured content carries, and real answers match it', async () => {
    const g = await Gateway.start();
    const ajv = new Ajv({ strict: false });
    const { tools } = await g.client.listTools();
    const validators = new Map(tools.map((t: Tool) => [t.name, ajv.compile(t.outputSchema!)]));
    const seen = new Set<string>();
    const check = (name: string, r: ToolReply, mustHave: string[] = []) => {
      const validate = validators.get(name)!;
      assert.ok(validate(r.structured), `${name}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(r.structured).slice(0, 400)}`);
      for (const key of mustHave) assert.ok(key in r.structured, `${name} carries ${key}: ${JSON.stringify(r.structured).slice(0, 300)}`);
      for (const key of Object.keys(r.structured)) {
        assert.ok(key in ((tools.find((t) => t.name === name)!.outputSchema!.properties as object) ?? {}), `${name}: '${key}' is not described in its output schema`);
      }
      seen.add(name);
      return r;
    };
    const call = async (name: string, args: Record<string, unknown> = {}, mustHave: string[] = []) => check(name, await g.ok(name, args), mustHave);
    const ledger = pyExample('ledger.py');
    const postLine = lineOf(ledger, 'total = acct.post(amount)');
    try {
      // a schema says something: a wrong type is refused
      assert.equal(validators.get('debug_stack')!({ sessionId: 's1', frames: [{ index: 'top' }] }), false);
      assert.equal(validators.get('debug_launch')!({ stop: { reason: 'breakpoint' } }), false, 'a stop names its thread and breakpoints');

      await call('debug_languages', {}, ['languages']);
      await call('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line: postLine, condition: 'amount < 0', expectContent: 'acct.post' }] }, ['sessionId', 'state', 'stop', 'locals', 'frames', 'breakpoints']);
      await call('debug_sessions', {}, ['sessions']);
      await call('debug_status', {}, ['stop', 'locals', 'frames']);
      await call('debug_breakpoints', {}, ['breakpoints']);
      await call('debug_exception_breakpoints', { filters: ['uncaught'] }, ['active', 'offered']);
      await call('debug_threads', {}, ['threads']);
      await call('debug_stack', {}, ['frames', 'totalFrames']);
      await call('debug_variables', {}, ['scopes']);
      await call('debug_variables', { path: 'meta', depth: 2 }, ['variable']);
      await call('debug_evaluate', { expression: 'meta' }, ['result', 'members']);
      const failed = await g.call('debug_evaluate', { expression: 'nosuchname' });
      assert.ok(failed.isError);
      check('debug_evaluate', failed, ['error']);
      await call('debug_source', {}, ['file', 'line', 'totalLines']);
      await call('debug_step', { kind: 'into' });
      await call('debug_step', { kind: 'over' }, ['changed']);
      await call('debug_run_to', { file: ledger, line: lineOf(ledger, 'return self.balance()') }, ['reached']);
      await call('debug_set_variable', { path: 'fee', value: '2' }, ['path', 'old', 'value']);
      await call('debug_events', { types: ['stopped'] }, ['events', 'next']);
      const bp = await call('debug_breakpoint_set', { file: ledger, line: lineOf(ledger, 'print("final"'), expectContent: 'print' }, ['breakpoint']);
      await call('debug_breakpoint_remove', { id: bp.structured.breakpoint.id }, ['removed', 'remaining']);
      await call('debug_diagnose', {}, ['capabilities', 'traffic', 'pendingRequests']);
      await call('debug_breakpoint_remove', { all: true });
      await call('debug_continue', {}, ['state', 'exitCode']);
      await call('debug_output', {}, ['output', 'next']);
      await call('debug_stop', {}, ['terminated']);

      const loop = pyExample('loop.py');
      await call('debug_launch', { program: loop, args: ['60'], wait: false });
      await call('debug_wait', { timeoutMs: 300 }, ['waitTimedOut']);
      await call('debug_snapshot', {}, ['via', 'groups', 'threads', 'total', 'resumed']);
      await call('debug_pause', {}, ['stop']);
      await call('debug_stop');

      const traced = await call('debug_trace', { program: ledger, function: 'post', file: ledger }, ['traces']);
      assert.ok(traced.structured.traces.length >= 1, traced.text);
      await g.call('debug_stop');

      const probe = await call('debug_probe', { program: ledger, breakpoints: [{ file: ledger, line: postLine }], expressions: ['total'], maxHits: 2 }, ['hits']);
      assert.equal(probe.structured.hits.length, 2);

      // debug_attach and debug_test: their own e2e tests (python-attach, debug-test) run through the
      // same client, which checks every answer against these schemas
      const untested = tools.map((t) => t.name).filter((n) => !seen.has(n) && n !== 'debug_attach' && n !== 'debug_test');
      assert.deepEqual(untested, [], 'every other tool was checked against real answers');
    } finally {
      await g.call('debug_breakpoint_remove', { all: true });
      await g.close();
    }
  });
});
