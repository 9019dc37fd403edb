import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const example = (...parts: string[]) => join(repoRoot, 'examples', ...parts);
const basket = example('node', 'libcall', 'basket.js');
const goLedger = example('go', 'ledger', 'main.go');
const inventory = example('cpp', 'inventory.cpp');
const rustProject = example('rust');
const rustMain = example('rust', 'src', 'main.rs');
const pyLedger = example('python', 'ledger.py');

/** The frame lines of a debug_stack answer: `#i name at file:line` and collapsed `… N library frames (#a-#b)`. */
const stackLines = (text: string) => text.split('\n').filter((l) => /^#\d+ |^ +… \d+ library frame/.test(l));

describe('step into lands in program code in every language; stacks collapse library frames (real adapters)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  async function launchAt(program: string, file: string, text: string): Promise<number> {
    const line = lineOf(file, text);
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file, line }], timeoutMs: 120_000 }, 200_000);
    assert.equal(r.structured.stop?.line, line, r.text);
    return line;
  }
  async function end(): Promise<void> {
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  }

  test('Node: node internals and node_modules are stepped through, a callback from node_modules is stepped into', async () => {
    const line = await launchAt(basket, basket, 'const heading = label(');
    // path.basename (node internals), then label (node_modules): the next program line
    const first = await g.ok('debug_step', { kind: 'into' });
    const second = first.structured.stop.line === line ? await g.ok('debug_step', { kind: 'into' }) : first;
    assert.equal(second.structured.stop.file, basket, second.text);
    assert.equal(second.structured.stop.line, line + 1, second.text);
    // sumBy (node_modules) calls price (this file): step into lands in price
    const cb = await g.ok('debug_step', { kind: 'into' });
    assert.equal(cb.structured.stop.function, 'price', cb.text);
    assert.equal(cb.structured.stop.file, basket, cb.text);
    const stack = await g.ok('debug_stack');
    const lines = stackLines(stack.text);
    assert.match(lines[0]!, /^#0 price at .*basket\.js:\d+/, stack.text);
    assert.match(lines[1]!, /^ +… 1 library frame \(#1\)$/, `sumBy (node_modules) collapsed: ${stack.text}`);
    assert.match(lines[2]!, /^#2 main at /, stack.text);
    assert.match(stack.text, /\(\d+ library frames collapsed; library: true lists them\)/, stack.text);
    assert.equal(stack.structured.frames[1].library, true, JSON.stringify(stack.structured.frames[1]));
    assert.equal(stack.structured.frames[0].library, undefined, JSON.stringify(stack.structured.frames[0]));
    const all = await g.ok('debug_stack', { library: true });
    assert.match(all.text, /^#1 sumBy at .*node_modules[\\/]tally[\\/]index\.js:\d+$/m, all.text);
    assert.doesNotMatch(all.text, /library frames? \(#/, all.text);
    // js-debug's skipFiles hold for the whole launch: library: true says how to lift them
    const note = await g.ok('debug_step', { kind: 'into', library: true });
    assert.match(note.text, /adapterArgs \{skipFiles: \[\]\}/, note.text);
    await end();
  });

  test('Node: adapterArgs {skipFiles: []} with library: true steps into node_modules', async () => {
    const line = lineOf(basket, 'const total = sumBy(');
    await g.ok('debug_launch', { program: basket, breakpoints: [{ file: basket, line }], adapterArgs: { skipFiles: [] }, timeoutMs: 60_000 }, 120_000);
    const into = await g.ok('debug_step', { kind: 'into', library: true });
    assert.equal(into.structured.stop.function, 'sumBy', into.text);
    assert.match(into.structured.stop.file, /node_modules[\\/]tally[\\/]index\.js$/, into.text);
    await end();
  });

  test('Go: step into over fmt.Sprintf lands in the program\'s method; library: true stops in the standard library', async () => {
    const line = await launchAt(example('go', 'ledger'), goLedger, 'total = acct.Post(fmt.Sprintf');
    const lib = await g.ok('debug_step', { kind: 'into', library: true });
    assert.equal(lib.structured.stop.function, 'fmt.Sprintf', lib.text);
    const back = await g.ok('debug_step', { kind: 'out' });
    assert.equal(back.structured.stop.line, line, back.text);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.function, 'main.(*Account).Post', into.text);
    const stack = await g.ok('debug_stack');
    const lines = stackLines(stack.text);
    assert.deepEqual(lines.slice(0, 2).map((l) => l.replace(/ at .*/, '')), ['#0 main.(*Account).Post', '#1 main.main'], stack.text);
    assert.match(lines[2]!, /^ +… 2 library frames \(#2-#3\)$/, `runtime.main and runtime.goexit collapsed: ${stack.text}`);
    await end();
    // a fresh run: the first step into passes through fmt.Sprintf on its own
    await launchAt(example('go', 'ledger'), goLedger, 'total = acct.Post(fmt.Sprintf');
    const direct = await g.ok('debug_step', { kind: 'into' });
    assert.equal(direct.structured.stop.function, 'main.(*Account).Post', direct.text);
    assert.match(direct.text, /Stepped back out of library code it entered: fmt\.Sprintf/, direct.text);
    await end();
  });

  test('C++: step into a range-for over a vector (all library calls on the line) lands on the next program line', async () => {
    const line = await launchAt(inventory, inventory, 'for (const Item &item : items) byName');
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.file, inventory, into.text);
    assert.equal(into.structured.stop.line, line + 1, into.text);
    assert.match(into.text, /Stepped back out of library code it entered: .*__gnu_cxx::/, into.text);
    const stack = await g.ok('debug_stack');
    assert.match(stackLines(stack.text)[1]!, /^ +… \d+ library frames? \(#1/, `libc start-up frames collapsed: ${stack.text}`);
    await end();
  });

  test('Rust: step into over Vec::push lands on the next program line; the toolchain\'s frames are collapsed', async () => {
    const line = await launchAt(rustProject, rustMain, 'self.entries.push(amount - fee);');
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.line, line + 1, into.text);
    assert.match(into.text, /Stepped back out of library code it entered: .*Vec.*push/, into.text);
    const stack = await g.ok('debug_stack');
    const lines = stackLines(stack.text);
    assert.match(lines[0]!, /^#0 ledger::Account::post/, stack.text);
    assert.match(lines[1]!, /^#1 ledger::main/, stack.text);
    assert.match(lines[2]!, /^ +… \d{2} library frames \(#2-#\d+\)$/, stack.text);
    const lib = await g.ok('debug_step', { kind: 'into', library: true });
    assert.doesNotMatch(lib.structured.stop.file ?? '', /src[\\/]main\.rs$/, `library: true stops in the standard library: ${lib.text}`);
    await end();
  });

  test('Python: debugpy keeps to the program (justMyCode); library: true says how to step into libraries', async () => {
    await launchAt(pyLedger, pyLedger, 'total = acct.post(amount)');
    const r = await g.ok('debug_step', { kind: 'into', library: true });
    assert.match(r.text, /adapterArgs \{justMyCode: false\}/, r.text);
    await end();
  });
});
