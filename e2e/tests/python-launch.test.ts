import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Gateway, eventually, lineOf, pyExample } from '../support/gateway.js';

const quick = pyExample('quick.py');
const ledger = pyExample('ledger.py');
const nested = pyExample('nested.py');
const raises = pyExample('raises.py');
const loop = pyExample('loop.py');

describe('python launch through MCP (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('the breakpoint in a millisecond script hits on 20 consecutive launches', async () => {
    const line = lineOf(quick, 'out.append(v * v)');
    const bp = await g.ok('debug_breakpoint_set', { file: quick, line });
    const id = bp.structured.breakpoint.id;
    let hits = 0;
    for (let i = 0; i < 20; i++) {
      const r = await g.ok('debug_launch', { program: quick });
      assert.equal(r.structured.state, 'stopped', `launch ${i + 1}: ${r.text}`);
      assert.deepEqual(r.structured.stop.breakpointIds, [id], `launch ${i + 1}: ${r.text}`);
      assert.equal(r.structured.stop.line, line);
      hits++;
      await g.ok('debug_stop', { sessionId: r.structured.sessionId });
    }
    assert.equal(hits, 20);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('conditional breakpoint stops only when the condition holds; logpoint logs without stopping', async () => {
    const postLine = lineOf(ledger, 'total = acct.post(amount)');
    const printLine = lineOf(ledger, 'print("final"');
    await g.ok('debug_breakpoint_set', { file: ledger, line: printLine, logMessage: 'LOG total={total}' });
    const r = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line: postLine, condition: 'amount < -50' }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.locals.amount, '-90', r.text);
    assert.match(r.text, /Locals: .*amount=-90/);
    // the launch's own breakpoint is listed while its session lives (it ends with it)
    const list = await g.ok('debug_breakpoints');
    const cond = list.structured.breakpoints.find((b: any) => b.line === postLine);
    assert.equal(cond.hits, 1, list.text);
    const c = await g.ok('debug_continue');
    assert.equal(c.structured.state === 'exited' || c.structured.state === 'terminated', true, c.text);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /LOG total=-5\n/);
    // print() writes its pieces separately and the logpoint travels on another channel, so the two
    // may interleave: check the program's own line with the logpoint's taken out
    assert.match(out.text.replace(/LOG total=-5\n/, ''), /final -5 eu/);
    // it ends with its session (the session ends just after the exit the continue reported)
    const gone = async () => (await g.ok('debug_breakpoints')).structured.breakpoints.filter((b: any) => b.line === postLine).length === 0;
    assert.ok(await eventually(gone, 10_000), 'it ended with its session');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('step over, into and out report the new location and changed locals', async () => {
    const line = lineOf(ledger, 'total = acct.post(amount)');
    const r = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line, hitCondition: '2' }] });
    assert.equal(r.structured.locals.amount, '-15', r.text);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.function, 'post', into.text);
    assert.equal(into.structured.stop.line, lineOf(ledger, 'fee = 1 if amount < 0'));
    const over = await g.ok('debug_step', { kind: 'over' });
    assert.equal(over.structured.stop.line, lineOf(ledger, 'self.entries.append'));
    assert.match(over.text, /Changed: fee: \(new\) 1/);
    const out = await g.ok('debug_step', { kind: 'out' });
    assert.equal(out.structured.stop.function, 'main', out.text);
    assert.equal(out.structured.stop.line, line);
    const over2 = await g.ok('debug_step', { kind: 'over' });
    assert.match(over2.text, /total: 40 -> 24/, over2.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('nested variables by path, depth, names and truncation', async () => {
    const line = lineOf(nested, 'amount = order.total()');
    const r = await g.ok('debug_launch', { program: nested, breakpoints: [{ file: nested, line }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    const city = await g.ok('debug_variables', { path: "order.customer['address']['city']" });
    assert.equal(city.structured.variable.value, "'Arlington'", city.text);
    const item = await g.ok('debug_variables', { path: 'order.items[3]', depth: 1 });
    const names = item.structured.variable.children.map((c: any) => c.name);
    assert.ok(names.includes('sku') && names.includes('qty') && names.includes('price'), item.text);
    assert.match(item.text, /sku = 'sku-3'/);
    const big = await g.ok('debug_variables', { path: 'big', maxItems: 10 });
    assert.equal(big.structured.variable.children.length, 10);
    assert.ok(big.structured.variable.moreChildren > 900, big.text);
    assert.match(big.text, /more \(raise maxItems/);
    assert.match(big.text, /\(list, 1000 items\)/);
    const far = await g.ok('debug_variables', { path: 'big[500]' });
    assert.equal(far.structured.variable.value, '500', far.text);
    const picked = await g.ok('debug_variables', { names: ['matrix'], depth: 1 });
    const vars = picked.structured.scopes[0].variables;
    assert.deepEqual(vars.map((v: any) => v.name), ['matrix']);
    assert.ok(vars[0].children.length >= 5, picked.text);
    const missing = await g.call('debug_variables', { path: 'order.nothing' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /no member 'nothing'/);
    assert.match(missing.text, /members: .*items/);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('evaluate expressions and method calls; errors name what exists', async () => {
    const line = lineOf(nested, 'amount = order.total()');
    await g.ok('debug_launch', { program: nested, breakpoints: [{ file: nested, line }] });
    const total = await g.ok('debug_evaluate', { expression: 'order.total()' });
    assert.equal(total.structured.result, '2847.5', total.text);
    const arith = await g.ok('debug_evaluate', { expression: 'len(order.items) * 2 + matrix[2][3]' });
    assert.equal(arith.structured.result, '66');
    const bad = await g.call('debug_evaluate', { expression: 'nope + 1' });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /NameError/);
    assert.match(bad.text, /Names here: .*order/);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('a name that is not in the frame evaluated but in a caller\'s: the refusal names that frame', async () => {
    const inner = lineOf(nested, 'return sum(i.qty * i.price for i in self.items)');
    await g.ok('debug_launch', { program: nested, breakpoints: [{ file: nested, line: inner }] });
    const bad = await g.call('debug_evaluate', { expression: 'len(matrix)' });
    assert.equal(bad.isError, true, bad.text);
    assert.match(bad.text, /'matrix' is a local of frame 1 \(build at [^)]*nested\.py:\d+\): pass frame: 1/, bad.text);
    const there = await g.ok('debug_evaluate', { expression: 'len(matrix)', frame: 1 });
    assert.equal(there.structured.result, '5', there.text);
    await g.ok('debug_stop');
  });

  test('an uncaught exception stops the program where it is raised', async () => {
    const r = await g.ok('debug_launch', { program: raises, stopOnEntry: false, breakpoints: [] });
    // no breakpoints: returns while running; the exception stop arrives shortly after
    const w = r.structured.state === 'stopped' ? r : await g.ok('debug_wait', { timeoutMs: 15_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.reason, 'exception', w.text);
    assert.match(w.text, /ValueError/);
    assert.equal(w.structured.stop.function, 'parse_port');
    const stack = await g.ok('debug_stack');
    assert.ok(stack.structured.frames.some((f: any) => f.name === 'load' || f.name === '<dictcomp>'), stack.text);
    await g.ok('debug_stop');
  });

  test('pause stops a long-running loop and shows where', async () => {
    const r = await g.ok('debug_launch', { program: loop, args: ['60'], wait: false });
    assert.equal(r.structured.state, 'running', r.text);
    const p = await g.ok('debug_pause', { timeoutMs: 10_000 });
    assert.equal(p.structured.state, 'stopped', p.text);
    assert.equal(p.structured.stop.reason, 'pause');
    assert.match(p.structured.stop.file, /loop\.py$/);
    const threads = await g.ok('debug_threads');
    assert.ok(threads.structured.threads.length >= 1);
    const c = await g.ok('debug_continue', { timeoutMs: 300 });
    assert.equal(c.structured.state, 'running');
    assert.equal(c.structured.waitTimedOut, true);
    assert.match(c.text, /still running after 0\.3 s/);
    const events = await g.ok('debug_events', { types: ['stopped', 'continued'] });
    assert.ok(events.structured.events.some((e: any) => e.type === 'stopped'), events.text);
    const stop = await g.ok('debug_stop');
    assert.equal(stop.structured.state, 'terminated');
  });
});
