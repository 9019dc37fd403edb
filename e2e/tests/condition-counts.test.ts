import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

// Conditions cost the program time at every pass (Java trial: 4-7 ms each, 2,763 passes). dapgate
// says what it knows: every pass of a hitCondition (it checks those itself), only the passes where
// an adapter-side condition held, and while the program runs, that they are being evaluated.
const fixture = (name: string) => join(repoRoot, 'e2e', 'fixtures', 'exits', name);
const programs: Record<string, string> = { python: fixture('counts.py'), node: fixture('counts.js'), java: fixture('Counts.java') };

describe('condition and hit counts per breakpoint, and conditions being evaluated while running', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  for (const [language, program] of Object.entries(programs)) {
    test(`${language}: debug_breakpoints counts what dapgate sees; debug_continue / debug_status say what is being evaluated`, async () => {
      await g.ok('debug_breakpoint_remove', { all: true });
      const hit = lineOf(program, 'HIT');
      const tick = lineOf(program, 'TICK');
      // `i == 20` reads the same in Python, JavaScript and Java
      const r = await g.ok(
        'debug_launch',
        { program, args: ['wait'], breakpoints: [{ file: program, line: hit, condition: 'i == 20' }, { file: program, line: tick, hitCondition: '>= 1000000' }], timeoutMs: 60_000 },
        120_000,
      );
      const sid = r.structured.sessionId;
      assert.equal(r.structured.locals?.i, '20', r.text);
      const cond: string = r.structured.stop?.breakpointIds?.[0];
      assert.ok(cond, r.text);

      const list = await g.ok('debug_breakpoints');
      const byId = Object.fromEntries(list.structured.breakpoints.map((b: any) => [b.id, b]));
      assert.equal(byId[cond].hits, 1, list.text);
      assert.equal(byId[cond].hitsCounted, 'condition held', list.text);
      assert.match(list.text, new RegExp(`${cond} .*condition held 1 time \\(the adapter evaluates it at every pass; dapgate does not see how often\\)`), list.text);

      // the program now passes the TICK line every 100 ms; the hitCondition is never met
      const c = await g.ok('debug_continue', { sessionId: sid, timeoutMs: 1_500 });
      assert.equal(c.structured.state, 'running', c.text);
      assert.match(c.text, /still running after .*may be passing them with no stop due yet/, c.text);
      const evaluating = Object.fromEntries((c.structured.evaluating ?? []).map((e: any) => [e.id, e]));
      assert.deepEqual(evaluating[cond], { id: cond, kind: 'condition', count: 1, counts: 'condition held' }, c.text);
      const tickId = Object.keys(evaluating).find((id) => id !== cond)!;
      assert.equal(evaluating[tickId]?.kind, 'hitCondition', c.text);
      assert.equal(evaluating[tickId]?.counts, 'passes', c.text);
      assert.ok(evaluating[tickId].count >= 1, c.text);
      assert.match(c.text, new RegExp(`Evaluated at every pass while it runs.*${tickId} reached [\\d,]+ times? \\(hitCondition checked by dapgate at each\\)`), c.text);

      const st = await g.ok('debug_status', { sessionId: sid });
      const later = (st.structured.evaluating ?? []).find((e: any) => e.id === tickId);
      assert.ok(later && later.count >= evaluating[tickId].count, st.text);
      const later2 = await g.ok('debug_breakpoints');
      const tickBp = later2.structured.breakpoints.find((b: any) => b.id === tickId);
      assert.equal(tickBp.stops, 0, later2.text);
      assert.equal(tickBp.hitsCounted, 'every pass', later2.text);
      assert.match(later2.text, new RegExp(`${tickId} .*reached [\\d,]+ times? \\(hitCondition checked by dapgate at each\\), stopped 0 times`), later2.text);
      await g.ok('debug_stop', { sessionId: sid });
    });
  }
});
