import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/** The tools beyond launch/step/variables, on each language: they work or refuse clearly. */
const cases = [
  {
    language: 'java',
    program: join(repoRoot, 'examples', 'java', 'Ledger.java'),
    loopLine: 'total = ledger.post(amount);',
    endLine: 'System.out.println("final',
    variable: 'total',
    newValue: '1000',
    expression: 'amount * 2',
    expectedFirst: ['80', '-30', '140', '10'],
    output: /final 1000/,
    longRunning: join(repoRoot, 'examples', 'java', 'Service.java'),
    watchable: 'this.entries',
    watchLine: 'int fee = amount < 0 ? 1 : 0;',
  },
  {
    language: 'node',
    program: join(repoRoot, 'examples', 'node', 'quick.js'),
    loopLine: 'values.push(next());',
    endLine: "console.log('values'",
    variable: 'values[0]',
    newValue: '7',
    expression: 'i * 2',
    expectedFirst: ['0', '2', '4'],
    output: /values 7,10,15/,
    longRunning: join(repoRoot, 'examples', 'node', 'ticker.js'),
    watchable: 'count',
    watchLine: 'count += step;',
  },
  {
    language: 'go',
    program: join(repoRoot, 'examples', 'go', 'ledger', 'main.go'),
    loopLine: 'total = acct.Post(',
    endLine: 'fmt.Println("final"',
    variable: 'total',
    newValue: '1000',
    expression: 'amount * 2',
    expectedFirst: ['80', '-30', '140', '10'],
    output: /final 1000 eu/,
    longRunning: join(repoRoot, 'examples', 'go', 'ticker', 'main.go'),
    watchable: 'total',
    watchLine: 'total = acct.Post(',
  },
];

for (const c of cases) {
  describe(`${c.language}: run_to, set_variable, source, probe, diagnose, function breakpoints`, () => {
    let g: Gateway;
    before(async () => {
      g = await Gateway.start();
    });
    after(async () => {
      await g?.close();
    });

    test('run_to, then set_variable changes what the program prints', async () => {
      await g.ok('debug_launch', { program: c.program, stopOnEntry: true }, 120_000);
      const target = lineOf(c.program, c.endLine);
      const r = await g.ok('debug_run_to', { file: c.program, line: target });
      assert.equal(r.structured.reached, true, r.text);
      const set = await g.ok('debug_set_variable', { path: c.variable, value: c.newValue });
      assert.ok(set.text.startsWith(`${c.variable}: `) && set.text.includes(' -> '), set.text);
      const src = await g.ok('debug_source', { context: 1 });
      assert.match(src.text, new RegExp(`> ${target} \\|`));
      const diag = await g.ok('debug_diagnose');
      assert.match(diag.text, /capabilities: /);
      assert.match(diag.text, /recent DAP traffic:/);
      const end = await g.ok('debug_continue', { timeoutMs: 20_000 });
      assert.ok(['exited', 'terminated'].includes(end.structured.state), end.text);
      const out = await g.ok('debug_output');
      assert.match(out.text, c.output);
    });

    test('pause stops a long-running program', async () => {
      const r = await g.ok('debug_launch', { program: c.longRunning, args: ['120'], wait: false }, 120_000);
      assert.equal(r.structured.state, 'running', r.text);
      const p = await g.ok('debug_pause', { timeoutMs: 10_000 });
      assert.equal(p.structured.state, 'stopped', p.text);
      // js-debug reports a pause that lands in a timer callback as reason 'step'
      assert.ok(['pause', 'step'].includes(p.structured.stop.reason), p.text);
      await g.ok('debug_stop');
    });

    test('a watch (data breakpoint) works where the adapter offers it, else is refused clearly', async () => {
      await g.ok('debug_launch', { program: c.program, breakpoints: [{ file: c.program, line: lineOf(c.program, c.watchLine) }] }, 120_000);
      const offered = /DataBreakpoints/.test((await g.ok('debug_diagnose')).text);
      const w = await g.call('debug_breakpoint_set', { watch: c.watchable });
      if (offered) assert.equal(w.isError, false, w.text);
      else assert.match(w.text, /has no data breakpoints \(watchpoints\)\nNext: /);
      await g.ok('debug_breakpoint_remove', { all: true });
      await g.ok('debug_stop');
    });

    test('probe collects expressions at each hit in one call', async () => {
      const r = await g.ok('debug_probe', { program: c.program, breakpoints: [{ file: c.program, line: lineOf(c.program, c.loopLine) }], expressions: [c.expression], maxHits: c.expectedFirst.length }, 120_000);
      assert.deepEqual(
        r.structured.hits.map((h: any) => h.expressions[c.expression]),
        c.expectedFirst,
        r.text,
      );
      assert.equal((await g.ok('debug_breakpoints')).structured.breakpoints.length, 0);
    });
  });
}
