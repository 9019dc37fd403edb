import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';
import { killGroup, pidsMatching } from '../support/processes.js';

const example = (...parts: string[]) => join(repoRoot, 'examples', ...parts);
const ledgerC = example('c', 'ledger.c');
const crashC = example('c', 'crash.c');
const spinC = example('c', 'spin.c');
const taggedC = example('c', 'tagged.c');
const inventory = example('cpp', 'inventory.cpp');
const throwsCpp = example('cpp', 'throws.cpp');
const rustProject = example('rust');
const rustMain = example('rust', 'src', 'main.rs');
const rustPanic = example('rust', 'src', 'bin', 'panic.rs');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('C, C++ and Rust through lldb-dap (real lldb-dap, real binaries)', () => {
  let g: Gateway;
  const targets: ChildProcess[] = [];
  before(async () => {
    g = await Gateway.start();
    const langs = await g.ok('debug_languages');
    for (const id of ['lldb', 'rust']) {
      const row = langs.structured.languages.find((l: any) => l.id === id);
      assert.equal(row?.installed, true, `lldb-dap must be installed for these tests (apt-get install lldb-19): ${langs.text}`);
      assert.equal(row.version, '19', langs.text);
    }
  });
  after(async () => {
    for (const t of targets) killGroup(t);
    await g?.close();
  });

  test('C: a pending conditional breakpoint hits a millisecond program 10 times in a row', async () => {
    const line = lineOf(ledgerC, 'total = post(&acct, amount);');
    await g.ok('debug_breakpoint_set', { file: ledgerC, line, condition: 'amount < -50' });
    for (let run = 0; run < 10; run++) {
      const r = await g.ok('debug_launch', { program: ledgerC }, 120_000);
      assert.equal(r.structured.state, 'stopped', `run ${run}: ${r.text}`);
      assert.equal(r.structured.stop.line, line, r.text);
      assert.equal(r.structured.locals.amount, '-90', r.text);
      const end = await g.ok('debug_stop');
      assert.ok(['terminated', 'exited'].includes(end.structured.state), end.text);
    }
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('C: step into/over/out, struct paths, evaluate with a function call, truthful exit code', async () => {
    const line = lineOf(ledgerC, 'total = post(&acct, amount);');
    const r = await g.ok('debug_launch', { program: ledgerC, args: ['grace'], breakpoints: [{ file: ledgerC, line, condition: 'step == 1' }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.locals.amount, '-15', r.text);
    assert.match(r.structured.locals.acct, /owner:"grace", balance:39, entries:1/, 'structs read as their members');
    const owner = await g.ok('debug_variables', { path: 'acct.balance' });
    assert.match(owner.text, /acct\.balance = 39/, owner.text);
    const arr = await g.ok('debug_variables', { path: 'amounts[4]' });
    assert.match(arr.text, /= -90/, arr.text);
    const ev = await g.ok('debug_evaluate', { expression: 'fee_for(5) + amount' });
    assert.equal(ev.structured.result, '-14', ev.text);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.function, 'post', into.text);
    const over = await g.ok('debug_step', { kind: 'over', count: 2 });
    assert.match(over.text, /acct->balance|balance/, over.text);
    const out = await g.ok('debug_step', { kind: 'out' });
    assert.equal(out.structured.stop.function, 'main', out.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.ok(['exited', 'terminated'].includes(end.structured.state), end.text);
    assert.equal(end.structured.exitCode, 3, end.text);
    const printed = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(printed.text, /final -8 grace has 6 entries/);
  });

  test('C: a pointer whose memory cannot be read (data stored in its bits) is said to be unreadable, not shown as a string', async () => {
    const line = lineOf(taggedC, 'printf("ids');
    const r = await g.ok('debug_launch', { program: taggedC, breakpoints: [{ file: taggedC, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const v = await g.ok('debug_variables', { path: 'inline_id', depth: 1 });
    assert.match(v.text, /\n {2}pointer = 0x0+3130 \(unreadable: the memory it points to cannot be read/, v.text);
    assert.doesNotMatch(v.text, /pointer = 0x0+3130 ""/, v.text);
    const ok = await g.ok('debug_variables', { path: 'heap_id', depth: 1 });
    assert.match(ok.text, /\n {2}pointer = 0x[0-9a-f]+ "alpha"/, `a readable pointer is shown as it is: ${ok.text}`);
    await g.ok('debug_stop');
  });

  test('C: a SIGSEGV stops at the faulting line with its stack; the exit then names the signal', async () => {
    const line = lineOf(crashC, 'sum += head->value;');
    const r = await g.ok('debug_launch', { program: crashC, wait: false }, 120_000);
    const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.reason, 'exception', w.text);
    assert.match(w.text, /SIGSEGV/);
    assert.equal(w.structured.stop.line, line, w.text);
    assert.equal(w.structured.locals.i, '3', w.text);
    const stack = await g.ok('debug_stack');
    assert.match(stack.text, /#0 sum_first at crash\.c:13\n#1 main at crash\.c:21/, stack.text);
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.ok(['exited', 'terminated'].includes(end.structured.state), end.text);
    // lldb's status 11 after a stop for SIGSEGV is that signal: named, not given as a code
    assert.equal(end.structured.exitSignal, 'SIGSEGV', end.text);
    assert.equal(end.structured.exitCode, undefined, end.text);
    assert.match(end.text, /ended by signal SIGSEGV/, end.text);
    assert.ok(r.structured.sessionId);
  });

  test('C: a trace whose line faults (SIGSEGV) says it raised the signal there and leaves the session stopped at the fault, not "exited after the line ran"', async () => {
    const line = lineOf(crashC, 'sum += head->value;');
    const r = await g.ok('debug_trace', { program: crashC, function: 'sum_first' }, 120_000);
    assert.equal(r.structured.traces[0].end.kind, 'raised', r.text);
    assert.match(r.text, new RegExp(`raised signal SIGSEGV[^\\n]* at line ${line}`), r.text);
    assert.doesNotMatch(r.text, /exited/, r.text);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.text, new RegExp(`Session s\\d+ is stopped at crash\\.c:${line} in sum_first \\(at the fault: the call has not ended`), r.text);
    assert.doesNotMatch(r.text, /the call ended there|after the call/, r.text);
    await g.ok('debug_stop');
  });

  test('C++: std::vector, std::string and std::map read as values; paths reach into them; a method call evaluates', async () => {
    const line = lineOf(inventory, 'double avg = average_count(items);');
    const r = await g.ok('debug_launch', { program: inventory, breakpoints: [{ file: inventory, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.structured.locals.label, /"warehouse-1"/, r.text);
    assert.match(r.structured.locals.items, /size=4/, r.text);
    const item = await g.ok('debug_variables', { path: 'items[2].name' });
    assert.match(item.text, /"gear"/, item.text);
    const map = await g.ok('debug_variables', { path: 'byName', depth: 2 });
    assert.match(map.text, /"bolt"/, map.text);
    assert.match(map.text, /= 40\b/, map.text);
    const size = await g.ok('debug_evaluate', { expression: 'items.size()' });
    assert.equal(size.structured.result, '4', size.text);
    const total = await g.ok('debug_evaluate', { expression: 'total_count(items)' });
    assert.equal(total.structured.result, '92', total.text);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.match(into.structured.stop.function, /average_count/, into.text);
    const over = await g.ok('debug_step', { kind: 'over' });
    assert.match(over.structured.stop.function, /average_count/, over.text);
    await g.ok('debug_step', { kind: 'out' });
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('C++: a throw stops where thrown when cpp_throw is chosen', async () => {
    const r = await g.ok('debug_launch', { program: throwsCpp, stopOnEntry: true }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const filters = await g.ok('debug_exception_breakpoints', { filters: ['cpp_throw'] });
    assert.match(filters.text, /\[x\] cpp_throw/, filters.text);
    const c = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.equal(c.structured.state, 'stopped', c.text);
    const stack = await g.ok('debug_stack');
    assert.match(stack.text, /#1 \S*parse_quantity.* at throws\.cpp:9/, stack.text);
    await g.ok('debug_exception_breakpoints', { filters: [] });
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.equal(end.structured.exitCode, 2, end.text);
  });

  test("C++: a template's frame names std::string as written, not libstdc++'s basic_string<char, char_traits, allocator>", async () => {
    const pick = join(repoRoot, 'e2e', 'fixtures', 'cpp-names', 'pick.cpp');
    const r = await g.ok('debug_launch', { program: pick, breakpoints: [{ file: pick, line: lineOf(pick, 'T chosen = xs.at(i);') }] }, 120_000);
    assert.match(r.text, /pick\.cpp:7 in std::string pick<std::string>\(std::vector<std::string, std::allocator<std::string>> const&, unsigned long\)/, r.text);
    assert.doesNotMatch(r.text, /__cxx11|char_traits/, r.text);
    await g.ok('debug_stop');
  });

  test("C++: an uncaught exception's abort is shown in the program's frame, with what terminate printed", async () => {
    const uncaught = join(repoRoot, 'e2e', 'fixtures', 'cpp-names', 'uncaught.cpp');
    const r = await g.ok('debug_launch', { program: uncaught }, 120_000);
    assert.match(r.text, /stopped at exception: signal: signal SIGABRT/, r.text);
    assert.match(r.text, /^The program's code nearest the top uncaught\.cpp:6 in (::)?parse\((const std::string ?&|std::string const ?&)\) \(frame \d+: its source and locals are shown/m, r.text);
    assert.match(r.text, /^Locals: text=(0x[0-9a-f]+ )?""/m, r.text);
    assert.match(r.text, /^Output \(last lines\):\n[^]*what\(\): +empty input/m, r.text);
    // lldb's own complaints about the DWARF it reads are not the program's output
    assert.doesNotMatch(r.text, /DW_TAG_/, r.text);
    await g.ok('debug_stop');
  });

  test('Rust: a Cargo project builds and launches; Vec, String, Option and HashMap read as values', async () => {
    const line = lineOf(rustMain, 'total = acct.post(*amount);');
    const r = await g.ok('debug_launch', { program: rustProject, breakpoints: [{ file: rustMain, line, condition: 'step == 3' }] }, 300_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.locals.step, '3', r.text);
    const acct = await g.ok('debug_variables', { path: 'acct', depth: 1 });
    assert.match(acct.text, /owner = "ada" \(alloc::string::String\)/, acct.text);
    assert.match(acct.text, /limit = Some\(100\)/, acct.text);
    const entries = await g.ok('debug_variables', { path: 'acct.entries', depth: 1 });
    assert.match(entries.text, /size=3/, entries.text);
    assert.match(entries.text, /\[1\] = -16/, entries.text);
    const tags = await g.ok('debug_variables', { path: 'acct.tags', depth: 2 });
    assert.match(tags.text, /\("credit", 2\)/, tags.text);
    assert.match(tags.text, /\("debit", 1\)/, tags.text);
    // types in Rust's words (lldb names them in C's), and a String is a string, not its bytes
    const all = await g.ok('debug_variables', { depth: 2 });
    assert.doesNotMatch(all.text, /\b(unsigned|long|char)\b/, all.text);
    assert.match(all.text, /\n {2}step = 3 \(u64\/usize\)/, all.text);
    assert.match(all.text, /\n {2}total = 92 \(i64\/isize\)/, all.text);
    assert.match(all.text, /\n {4}owner = "ada" \(alloc::string::String\)\n {4}entries/, `the String is not expanded into its bytes: ${all.text}`);
    const ev = await g.ok('debug_evaluate', { expression: 'total * 2 + step' });
    assert.equal(ev.structured.result, String(92 * 2 + 3), ev.text);
    const limit = await g.ok('debug_evaluate', { expression: 'acct.limit' });
    assert.match(limit.text, /Some\(100\)/, limit.text);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.match(into.structured.stop.function, /post/, into.text);
    await g.ok('debug_step', { kind: 'over' });
    const out = await g.ok('debug_step', { kind: 'out' });
    assert.match(out.structured.stop.function, /main/, out.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.equal(end.structured.exitCode, 0, end.text);
  });

  test('Rust: a panic stops at the panic, with the panicking line on the stack', async () => {
    const line = lineOf(rustPanic, 'sum += values[i];');
    const r = await g.ok('debug_launch', { program: rustPanic, wait: false }, 300_000);
    const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.match(w.structured.stop.function, /rust_panic/, w.text);
    assert.match(w.text, /stopped at panic: index out of bounds/, 'a panic, named with its message, not lldb\'s "breakpoint 1.1"');
    assert.equal(w.structured.raisedAt?.line, line, w.text);
    const stack = await g.ok('debug_stack', { levels: 20 });
    assert.match(stack.text, new RegExp(`last_three\\S* at panic\\.rs:${line}`), stack.text);
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.equal(end.structured.exitCode, 101, end.text);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /index out of bounds/);
    assert.doesNotMatch(out.text, /initCommands|command script import/, 'the formatter set-up is not program output');
  });

  test('attach to a running C program by pid, stop in it, detach leaving it running', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-spin-'));
    const binary = join(dir, 'spin');
    execFileSync('gcc', ['-g', '-O0', '-o', binary, spinC]);
    const marker = `native-attach-${randomUUID()}`;
    const child = spawn(binary, [marker], { stdio: 'ignore', detached: true });
    targets.push(child);
    const pid = child.pid!;
    const r = await g.ok('debug_attach', { language: 'c', processId: pid }, 60_000);
    assert.ok(['running', 'stopped'].includes(r.structured.state), r.text);
    const line = lineOf(spinC, 'return counter + 1;');
    await g.ok('debug_breakpoint_set', { file: spinC, line });
    const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.function, 'tick', w.text);
    assert.ok(Number(w.structured.locals.counter) >= 0, w.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    const stop = await g.ok('debug_stop');
    assert.match(stop.text, /detach/i, stop.text);
    await new Promise((res) => setTimeout(res, 300));
    assert.equal(alive(pid), true, 'the program keeps running after the detach');
    assert.deepEqual(pidsMatching(marker), [pid]);
    killGroup(child);
    assert.ok(await eventually(() => pidsMatching(marker).length === 0, 10_000));
  });

  test('attach by host and port is refused with what to do instead', async () => {
    const r = await g.call('debug_attach', { language: 'rust', port: 1234 });
    assert.equal(r.isError, true);
    assert.match(r.text, /cannot attach by port/);
    assert.match(r.text, /processId/);
  });

  test('a launched native program leaves no process behind when the client goes away', async () => {
    const marker = `native-orphan-${randomUUID()}`;
    const other = await Gateway.start();
    const r = await other.ok('debug_launch', { program: spinC, args: [marker], wait: false }, 120_000);
    assert.equal(r.structured.state, 'running', r.text);
    assert.ok(await eventually(() => pidsMatching(marker).length > 0, 10_000), 'the debuggee runs');
    await other.close();
    assert.ok(await eventually(() => pidsMatching(marker).length === 0, 15_000), `processes left: ${pidsMatching(marker).join(', ')}`);
  });
});
