import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

// Wrong answers an agent's trial found in the Java evaluator and variables view, each pinned here.
const pantry = join(repoRoot, 'examples', 'java', 'Pantry.java');

function javaHome(): string {
  const r = spawnSync('java', ['-XshowSettings:properties', '-version'], { encoding: 'utf8', timeout: 30_000 });
  return /java\.home = (.+)/.exec(r.stderr)?.[1]?.trim() ?? '';
}

describe('java: answers that match Java', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  async function stopInPantry() {
    const line = lineOf(pantry, 'System.out.println("before');
    const r = await g.ok('debug_launch', { program: pantry, breakpoints: [{ file: pantry, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.line, line, r.text);
    return r;
  }

  test('== is reference equality for objects, as in the program', async () => {
    const r = await stopInPantry();
    assert.equal(r.structured.locals.same, 'false', 'the program itself computed x == y');
    assert.equal((await g.ok('debug_evaluate', { expression: 'x == y' })).structured.result, 'false');
    assert.equal((await g.ok('debug_evaluate', { expression: 'x != y' })).structured.result, 'true');
    assert.equal((await g.ok('debug_evaluate', { expression: 'x.equals(y)' })).structured.result, 'true');
    assert.equal((await g.ok('debug_evaluate', { expression: 'list.get(0) == 10' })).structured.result, 'true', 'unboxed against a primitive');
    await g.ok('debug_stop');
  });

  test('doubles print as Double.toString does', async () => {
    await stopInPantry();
    const tiny = await g.ok('debug_evaluate', { expression: 'eps / 100000' });
    assert.equal(tiny.structured.result, '1.0E-7', tiny.text);
    assert.equal((await g.ok('debug_evaluate', { expression: 'eps' })).structured.result, '0.01');
    const vars = await g.ok('debug_variables', {});
    assert.match(vars.text, /eps\b.*0\.01\b/, vars.text);
    await g.ok('debug_stop');
  });

  test('set_variable evaluates the value as a Java expression, type-checked', async () => {
    await stopInPantry();
    const upper = await g.ok('debug_set_variable', { path: 'm', value: 'm.toUpperCase()' });
    assert.equal(upper.structured.value, '"MINT"', upper.text);
    const sum = await g.ok('debug_set_variable', { path: 'count', value: '1 + 2' });
    assert.equal(sum.structured.value, '3', sum.text);
    const wrong = await g.call('debug_set_variable', { path: 'count', value: 'm' });
    assert.equal(wrong.isError, true, wrong.text);
    assert.match(wrong.text, /incompatible types: java\.lang\.String cannot be converted to int/);
    const element = await g.ok('debug_set_variable', { path: 'list[0]', value: 'count * 100' });
    assert.match(element.structured.value, /^Integer@\d+ "300"$/, element.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    const end = await g.ok('debug_continue', { timeoutMs: 20_000 });
    assert.ok(['exited', 'terminated'].includes(end.structured.state), end.text);
    const out = await g.ok('debug_output');
    assert.match(out.text, /after 3 MINT \[300, 20\]/, out.text);
  });

  test('objects without toString show their fields; map entries show their key and value', async () => {
    await stopInPantry();
    const head = await g.ok('debug_evaluate', { expression: 'head' });
    assert.match(head.structured.result, /^Pantry\$Node\{value=3, next=Pantry\$Node\}$|^Node\{value=3, next=Node\}$/, head.text);
    const brewers = await g.ok('debug_variables', { path: 'brewers', depth: 1 });
    assert.doesNotMatch(brewers.text, /null/, brewers.text);
    assert.match(brewers.text, /value=3/, brewers.text);
    await g.ok('debug_stop');
  });

  test('a char reads as a Java literal, quoted and escaped; set_variable takes one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-chars-'));
    try {
      const source = join(dir, 'Chars.java');
      writeFileSync(source, 'public class Chars {\n  public static void main(String[] a) {\n    char open = \'(\';\n    char nl = \'\\n\';\n    char quote = \'\\\'\';\n    char[] pair = { open, \')\' };\n    System.out.println("chars " + open + pair[1] + (int) nl + quote);\n  }\n}\n');
      const javac = spawnSync('javac', ['-g', '-d', dir, source], { encoding: 'utf8', timeout: 120_000 });
      assert.equal(javac.status, 0, javac.stderr);
      const line = lineOf(source, 'System.out.println("chars');
      const r = await g.ok('debug_launch', { language: 'java', mainClass: 'Chars', classPaths: [dir], cwd: dir, breakpoints: [{ file: source, line }] }, 120_000);
      assert.equal(r.structured.state, 'stopped', r.text);
      assert.equal(r.structured.locals.open, "'('", r.text);
      assert.equal(r.structured.locals.nl, "'\\n'", r.text);
      assert.equal(r.structured.locals.quote, "'\\''", r.text);
      assert.match(r.text, /open='\('/, r.text);
      const pair = await g.ok('debug_variables', { path: 'pair', depth: 1 });
      assert.match(pair.text, /\n {2}1 = '\)' \(char\)/, pair.text);
      const set = await g.ok('debug_set_variable', { path: 'open', value: "'['" });
      assert.equal(set.structured.value, "'['", set.text);
      await g.ok('debug_continue', { timeoutMs: 20_000 });
      assert.match((await g.ok('debug_output')).text, /chars \[\)10'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('frames find sources beside the classes and in the JDK src.zip; calls after a pause say to step first', async () => {
    // a class with its source beside it (as plain `javac -g` leaves it), launched from elsewhere, no breakpoints
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-kettle-'));
    const cwd = mkdtempSync(join(tmpdir(), 'dapgate-kettle-cwd-'));
    try {
      const source = join(dir, 'Kettle.java');
      writeFileSync(source, 'public class Kettle {\n  public static void main(String[] a) throws Exception {\n    System.out.println("boiling");\n    for (int i = 0; i < 1200; i++) {\n      Thread.sleep(50);\n    }\n  }\n}\n');
      const javac = spawnSync('javac', ['-g', '-d', dir, source], { encoding: 'utf8', timeout: 120_000 });
      assert.equal(javac.status, 0, javac.stderr);
      const r = await g.ok('debug_launch', { language: 'java', mainClass: 'Kettle', classPaths: [dir], cwd, wait: false }, 120_000);
      assert.equal(r.structured.state, 'running', r.text);
      // paused only once main runs: a pause during JVM startup stops a main thread with no frames yet
      const deadline = Date.now() + 30_000;
      while (!(await g.ok('debug_output')).text.includes('boiling') && Date.now() < deadline) await new Promise((f) => setTimeout(f, 100));
      const p = await g.ok('debug_pause', { timeoutMs: 10_000 });
      assert.equal(p.structured.state, 'stopped', p.text);
      const collapsed = await g.ok('debug_stack', {});
      assert.match(collapsed.text, /^ +… \d+ library frames? \(#0/m, `JDK frames collapsed: ${collapsed.text}`);
      assert.match(collapsed.text, /^#\d+ Kettle\.main\(String\[\]\)[^\n]*Kettle\.java:5$/m, collapsed.text);
      const stack = await g.ok('debug_stack', { library: true });
      assert.match(stack.text, /Kettle\.main\(String\[\]\)[^\n]*Kettle\.java:5/, stack.text);
      if (existsSync(join(javaHome(), 'lib', 'src.zip'))) assert.match(stack.text, /Thread\.sleep[^\n]*Thread\.java/, stack.text);
      else assert.match(stack.text, /Thread\.sleep[^\n]*<no source>/, stack.text);
      const call = await g.call('debug_evaluate', { expression: 'Math.max(1, 2)' });
      assert.equal(call.isError, true, call.text);
      assert.match(call.text, /step once, then evaluate/, call.text);
      await g.ok('debug_step', { kind: 'out' });
      const after = await g.ok('debug_evaluate', { expression: 'Math.max(1, i)' });
      assert.match(after.structured.result, /^\d+$/, after.text);
      await g.ok('debug_stop');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
