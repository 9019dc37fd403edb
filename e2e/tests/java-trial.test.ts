import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

// What a new user's trial on a public Java library (a program of their own on the library's
// built classes, debug_test, debug_trace, debug_step) found untrue, each pinned on a fixture of that shape.
const fixture = join(repoRoot, 'e2e', 'fixtures', 'java-trial');
const app = join(fixture, 'app', 'WrapApp.java');
const libSources = join(fixture, 'lib');
const wrapper = join(libSources, 'wrap', 'Wrapper.java');

describe('java: a program of its own on a library\'s built classes (real java-debug)', () => {
  let g: Gateway;
  let libClasses: string;
  before(async () => {
    libClasses = mkdtempSync(join(tmpdir(), 'dapgate-java-trial-'));
    const r = spawnSync('javac', ['-g', '-d', libClasses, wrapper], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, r.stderr);
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(libClasses, { recursive: true, force: true });
  });

  const launchApp = (breakpoints: Record<string, unknown>[]) =>
    g.ok('debug_launch', { program: app, classPaths: [libClasses], sourcePaths: [libSources], breakpoints }, 120_000);

  test('a .java program compiles against the classPaths it is given (not "fix the compile errors" for code that compiles), and its sourcePaths are kept', async () => {
    const line = lineOf(app, 'w.print(out, t);');
    const r = await launchApp([{ file: app, line }, { file: wrapper, line: lineOf(wrapper, 'int pos = text.indexOf') }]);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.line, line, r.text);
    const inLib = await g.ok('debug_continue', {}, 60_000);
    assert.equal(inLib.structured.stop.line, lineOf(wrapper, 'int pos = text.indexOf'), inLib.text);
    assert.match(inLib.text, /lib\/wrap\/Wrapper\.java:\d+ in Wrapper\.wrapAt/, 'the library frame has its source, from the sourcePaths given');
    // java-debug's placeholder child of an object without fields is no variable
    const vars = await g.ok('debug_variables', { frame: 1 });
    assert.match(vars.text, /lock = /, vars.text);
    assert.doesNotMatch(vars.text, /Class has no fields/, vars.text);
    await g.ok('debug_stop');
  });

  test('a step over the end of a void method back into its caller is where the call returned to: no "Not where ... returned to"', async () => {
    await launchApp([{ file: wrapper, line: lineOf(wrapper, 'out.append(" ".repeat(pad))') }]);
    const end = await g.ok('debug_step', { kind: 'over' });
    assert.equal(end.structured.stop.line, lineOf(wrapper, 'out.append(" ".repeat(pad))') + 1, end.text);
    const back = await g.ok('debug_step', { kind: 'over' });
    assert.match(back.text, /in Wrapper\.print\(/, back.text);
    assert.equal(back.structured.pastCaller, undefined, back.text);
    assert.doesNotMatch(back.text, /Not where/, back.text);
    await g.ok('debug_step', { kind: 'over' });
    const inMain = await g.ok('debug_step', { kind: 'over' });
    assert.match(inMain.text, /in WrapApp\.main\(/, inMain.text);
    assert.equal(inMain.structured.pastCaller, undefined, inMain.text);
    await g.ok('debug_stop');
  });

  test('debug_trace of the function a session is stopped at the entry of traces that call (call 1), not the next one', async () => {
    const r = await launchApp([{ function: 'Wrapper.wrapAt' }]);
    assert.match(r.structured.locals.text, /abc/, r.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    const t = await g.ok('debug_trace', { function: 'Wrapper.wrapAt' }, 120_000);
    assert.match(t.structured.traces[0].entry.text, /abc/, t.text);
    assert.equal(t.structured.traces[0].end.value, '4', t.text);
    // the next call, counted from the one it stopped in, is call 1 again
    const next = await g.ok('debug_trace', { function: 'Wrapper.wrapAt', call: 2 }, 120_000);
    assert.equal(next.structured.traces[0].entry.text, '"plain"', next.text);
    await g.ok('debug_stop');
  });

  test("debug_trace of a method the session has its own function breakpoint at, stopped at it: that breakpoint is the trace's entry (said), a trace condition is still tested, and the breakpoint stays", async () => {
    const r = await launchApp([{ function: 'Wrapper.wrapAt' }]);
    assert.match(r.structured.locals.text, /abc/, r.text);
    const t = await g.ok('debug_trace', { function: 'Wrapper.wrapAt' }, 120_000);
    assert.match(t.structured.traces[0].entry.text, /abc/, t.text);
    assert.equal(t.structured.traces[0].end.value, '4', t.text);
    assert.match(t.text, /Breakpoint bp\d+ \(s\d+'s own\) is where the trace starts/, t.text);
    const picked = await g.ok('debug_trace', { function: 'Wrapper.wrapAt', condition: 'text.length() == 5' }, 120_000);
    assert.equal(picked.structured.traces[0].entry.text, '"plain"', picked.text);
    const bps = await g.ok('debug_breakpoints');
    assert.match(bps.text, /function Wrapper\.wrapAt \(s\d+'s own\)/, bps.text);
    await g.ok('debug_stop');
  });

  test('an exception stop names the exception once, as Java prints it (not `X: "X: message"`)', async () => {
    const r = await g.ok('debug_launch', { program: join(fixture, 'app', 'Boom.java') }, 120_000);
    assert.match(r.text, /stopped at exception: java\.lang\.IllegalStateException: width 0, /, r.text);
    await g.ok('debug_stop');
  });

  test('a trace of a void method says it returned no value and stopped in its caller, not "past where the call returned to"', async () => {
    const t = await g.ok('debug_trace', { function: 'Wrapper.printPadded', program: app, classPaths: [libClasses] }, 120_000);
    const end = t.structured.traces[0].end;
    assert.equal(end.kind, 'returned', t.text);
    assert.equal(end.noValue, true, t.text);
    assert.equal(end.stoppedPastCaller, undefined, t.text);
    assert.doesNotMatch(t.text, /not where the call returned to|past where the call returned/, t.text);
    assert.match(t.text, /stopped at \S*Wrapper\.java:\d+ in Wrapper\.print\(StringBuilder,String\) \(after the call\)/, t.text);
    await g.ok('debug_stop');
  });

  test('a step past a line whose call\'s return value was shown does not list that value as a changed local "(gone)"', async () => {
    await launchApp([{ file: wrapper, line: lineOf(wrapper, 'return pos + 1;') }]);
    const back = await g.ok('debug_step', { kind: 'over' });
    assert.match(back.text, /->wrapAt\(\)=4/, back.text);
    const next = await g.ok('debug_step', { kind: 'over' });
    assert.match(next.text, /in WrapApp\.main\(/, next.text);
    assert.doesNotMatch(next.text, /->wrapAt\(\): \(gone\)/, next.text);
    await g.ok('debug_stop');
  });

  test('a class built without a local variable table (javac without -g) says so where only its arguments show, as arg0', async () => {
    const noDebug = join(libClasses, 'no-debug');
    const built = spawnSync('javac', ['-g:source,lines', '-cp', libClasses, '-d', noDebug, app], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(built.status, 0, built.stderr);
    const r = await g.ok('debug_launch', { mainClass: 'WrapApp', classPaths: [noDebug, libClasses], sourcePaths: [join(fixture, 'app')], breakpoints: [{ file: app, line: lineOf(app, 'w.print(out, t);') }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.text, /^Locals: arg0=\S+.*no local variable table.*-g/m, r.text);
    await g.ok('debug_stop');
  });
});
