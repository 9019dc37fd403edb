import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const ranges = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'ranges.py');

/** A method name defined in two classes of one file: debug_trace follows the one named, never the first of that name. */
describe('debug_trace of one method among same-named ones (python, real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('Class.method with its file traces that class\'s method', async () => {
    const r = await g.ok('debug_trace', { program: ranges, file: ranges, function: 'IntRange.convert' }, 120_000);
    assert.match(r.text, new RegExp(`\\b${lineOf(ranges, 'rv = int(value)')} \\| +rv = int\\(value\\)`), r.text);
    assert.match(r.text, /rv = self\.top/, r.text);
    assert.doesNotMatch(r.text, /^\s*6 \| +return value/m, r.text);
  });

  test('a bare name defined twice in the file is refused with each candidate as a runnable name', async () => {
    const r = await g.call('debug_trace', { program: ranges, file: ranges, function: 'convert' }, 120_000);
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /'convert' is defined 2 times in .*ranges\.py: ParamType\.convert \(line 5: def convert\(self, value\)\); IntRange\.convert \(line 13: def convert\(self, value\)\)\nNext: name one as Type\.convert/, r.text);
  });

  test('a method traced at depth 1 (a descriptor\'s __get__) is one call, not also listed again as the Class.method debugpy reports it returned from', async () => {
    const file = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'descriptor.py');
    const r = await g.ok('debug_trace', { program: file, file, function: 'handle', depth: 1 }, 120_000);
    const line = r.text.split('\n').find((l) => /^\s+\d+ \| item = req\.forms\.get/.test(l)) ?? '';
    assert.equal((line.match(/__get__/g) ?? []).length, 1, `one call of __get__ on the line: ${r.text}`);
    assert.match(line, /__get__\(obj=<__main__\.Req object at 0x[0-9a-f]+>\) -> \{'item': 'melon'\}/, r.text);
    await g.call('debug_stop');
  });

  test('Class.method without its file: debugpy names functions bare, so the answer says to pass the file', async () => {
    const r = await g.call('debug_trace', { program: join(repoRoot, 'examples', 'python', 'quick.py'), function: 'IntRange.convert' }, 120_000);
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /not a function breakpoint name here \(the bare name after def/, r.text);
    assert.match(r.text, /pass file \(the file that defines it\)/, r.text);
  });
  test('a function whose signature and docstring span lines: the trace starts in that function, at its first statement', async () => {
    const doc = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'docstring.py');
    const r = await g.ok('debug_trace', { program: doc, file: doc, function: 'truncate' }, 120_000);
    assert.match(r.text, /^Trace of truncate at [^\n]*docstring\.py:\d+:/m, r.text);
    assert.match(r.text, new RegExp(`\\b${lineOf(doc, "kept = ''")} \\| +kept = ''`), r.text);
    assert.match(r.text, /^Returned 'one-two'/m, r.text);
    await g.call('debug_stop');
    const third = await g.ok('debug_trace', { program: doc, file: doc, function: 'truncate', call: 3 }, 120_000);
    assert.match(third.text, /^No call traced in session s\d+: the program ended \((?:exited|terminated), code 0\) after 1 call of 'truncate'\.?$/m, third.text);
    assert.doesNotMatch(third.text, /names no function|check the name/, third.text);
    await g.call('debug_stop');
  });
  test('a function whose body is on its def line: file+function is refused with what to do, never traced in the next function; a function breakpoint traces it', async () => {
    const one = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'oneliner.py');
    const refused = await g.call('debug_trace', { program: one, file: one, function: 'double' }, 120_000);
    assert.equal(refused.isError, true, refused.text);
    assert.match(refused.text, /the body of 'double' in .*oneliner\.py is on its definition's line \(1\)/, refused.text);
    assert.match(refused.text, /without file/, refused.text);
    const r = await g.ok('debug_trace', { program: one, function: 'double' }, 120_000);
    assert.match(r.text, /^Trace of double at [^\n]*oneliner\.py:1:/m, r.text);
    assert.match(r.text, /^Returned 2\b/m, r.text);
    await g.call('debug_stop');
  });
  test('a program that stops at an exception before the call: the answer names the exception and where, and no call', async () => {
    const early = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'early_exit.py');
    const r = await g.ok('debug_trace', { program: early, file: early, function: 'later' }, 120_000);
    assert.match(r.text, new RegExp(`^No call traced in session s\\d+: the program stopped at an exception: SystemExit: 3, [^\\n]*early_exit\\.py:${lineOf(early, 'sys.exit(3)')} in main, before reaching [^\\n]*early_exit\\.py:${lineOf(early, 'return x * 2')}\\.$`, 'm'), r.text);
    assert.doesNotMatch(r.text, /after the call/, r.text);
    await g.ok('debug_stop');
  });
  test('a launch named by a language field (python -m) traces like a program; args without a program are refused, not taken for a session', async () => {
    const dir = join(repoRoot, 'e2e', 'fixtures', 'trace-methods');
    const r = await g.ok('debug_trace', { language: 'python', module: 'ranges', cwd: dir, file: ranges, function: 'IntRange.convert' }, 120_000);
    assert.match(r.text, /rv = self\.top/, r.text);
    await g.call('debug_stop');
    const bad = await g.call('debug_trace', { language: 'python', args: ['-q'], function: 'later' });
    assert.equal(bad.isError, true, bad.text);
    assert.match(bad.text, /no program was given/, bad.text);
    assert.doesNotMatch(bad.text, /there is no debug session/, bad.text);
  });
  test('a call whose caller returns into library code on the same line: the value is still known, and the stop after it is not called the caller', async () => {
    // debugpy's step over `return rv` finds no next line in check (its line is done), and check
    // returns into heapq (library code): it stops in check's next call, case ('7', 7)
    const later = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'later_call.py');
    const r = await g.ok('debug_trace', { program: later, file: later, function: 'convert' }, 120_000);
    assert.match(r.text, /^Returned 5\b/m, r.text);
    assert.doesNotMatch(r.text, /after the call/, r.text);
    assert.match(r.text, /not where the call returned to/, r.text);
    const v = await g.ok('debug_evaluate', { expression: 'case' });
    assert.equal(v.structured.result, "('7', 7)", 'the stop is in a later call indeed');
    await g.ok('debug_stop');
  });

  test('debug_step over such a return says the stop is not where the call returned to', async () => {
    const later = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'later_call.py');
    await g.ok('debug_launch', { program: later, breakpoints: [{ file: later, line: lineOf(later, 'return rv') }] }, 120_000);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.equal(step.structured.pastCaller, 'convert', step.text);
    assert.match(step.text, /Not where convert returned to: debugpy shows no return value of it here/, step.text);
    assert.equal((await g.ok('debug_evaluate', { expression: 'case' })).structured.result, "('7', 7)");
    // a step over a return into a caller with more to run stops there, with the value shown: no such note
    const quick = join(repoRoot, 'examples', 'python', 'quick.py');
    await g.ok('debug_stop');
    await g.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line: lineOf(quick, 'return out') }] }, 120_000);
    const back = await g.ok('debug_step', { kind: 'over' });
    assert.equal(back.structured.pastCaller, undefined, back.text);
    await g.ok('debug_stop');
  });
});

describe('debug_trace of a JavaScript function with a default parameter (node, real js-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('its arguments are in the locals at the start (V8 keeps them in a scope of their own behind the body\'s block)', async () => {
    const defaults = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'defaults.js');
    const r = await g.ok('debug_trace', { program: defaults, function: 'parse' }, 120_000);
    assert.match(r.text, /^Locals at start: [^\n]*text='a=1&b=2'/m, r.text);
    assert.match(r.text, /^Returned 2\b/m, r.text);
  });

  test('a loop\'s later pass never shows the last pass\'s block variables as values before their declarations run (V8 reuses their slots)', async () => {
    const passes = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'passes.js');
    const r = await g.ok('debug_trace', { program: passes, function: 'tally' }, 120_000);
    const head = lineOf(passes, 'for (const part of');
    const rows = r.text.split('\n').filter((l) => /^\s+\d+ \| /.test(l));
    // every pass: the loop head binds part and nothing else; key and seen are given on the lines that declare them
    const heads = rows.filter((l) => l.trim().startsWith(`${head} |`));
    assert.ok(heads.length >= 2, r.text);
    for (const l of heads) assert.doesNotMatch(l, /\b(?:key|seen)\b(?! \(gone\))/, r.text);
    assert.match(r.text, /^\s+3 \| for \(const part of[^\n]*part = 'b=3'/m, r.text);
    assert.match(r.text, /^\s+4 \| const key[^\n]*key = 'b'/m, r.text);
    assert.match(r.text, /^\s+5 \| const seen[^\n]*seen = 0/m, r.text);
    // the line that ends a pass does not change part: its binding goes with the pass
    assert.doesNotMatch(r.text, /^\s+6 \| [^\n]*part: /m, r.text);
    assert.match(r.text, /^Returned \{a: 2, b: 1\}\./m, r.text);
  });

  test('a counting loop\'s variable changed as its pass ends: the change is on the line that made it, and the head goes on from there (never a new variable)', async () => {
    const skips = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'skips.js');
    const r = await g.ok('debug_trace', { program: skips, function: 'skip' }, 120_000);
    const bump = lineOf(skips, 'i += 1;');
    const head = lineOf(skips, 'for (let i = 0;');
    const rows = r.text.split('\n').filter((l) => /^\s+\d+ \| /.test(l));
    const bumps = rows.filter((l) => l.trim().startsWith(`${bump} |`));
    assert.ok(bumps.length >= 1, r.text);
    for (const l of bumps) assert.match(l, /i: (\d+) -> (\d+)$/, r.text);
    const heads = rows.filter((l) => l.trim().startsWith(`${head} |`));
    assert.equal(heads.filter((l) => /\{ {2,}i = \d+$/.test(l)).length, 1, `only the first pass declares i:\n${r.text}`);
    assert.match(r.text, /^Returned 'a-c-'/m, r.text);
    await g.call('debug_stop');
  });

  test('debug_step through a later pass: no block variable is new before its declaration runs; the declaration gives its value', async () => {
    const passes = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'passes.js');
    await g.ok('debug_launch', { program: passes, breakpoints: [{ file: passes, line: lineOf(passes, 'counts[key] = seen + 1') }] }, 120_000);
    await g.ok('debug_continue', {}); // the second pass, key = 'a' again
    const toHead = await g.ok('debug_step', { kind: 'over' });
    assert.match(toHead.text, /key: \(gone\)/, toHead.text);
    const intoPass = await g.ok('debug_step', { kind: 'over' });
    assert.doesNotMatch(intoPass.text, /Changed:[^\n]*\b(?:key|seen): \(new\)/, intoPass.text);
    assert.match(intoPass.text, /Changed:[^\n]*part: \(new\) 'b=3'/, intoPass.text);
    const declared = await g.ok('debug_step', { kind: 'over' });
    assert.match(declared.text, /Changed:[^\n]*key: \(new\) 'b'/, declared.text);
    assert.doesNotMatch(declared.text, /\bseen: \(new\)/, declared.text);
    await g.ok('debug_stop', {});
  });
});

describe('locals whose declaration has not run yet, at a stop (node and C)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a loop\'s later pass: the block variables below the stop say they are not declared yet, not the last pass\'s values', async () => {
    const passes = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'passes.js');
    const line = lineOf(passes, 'const key = part');
    await g.ok('debug_launch', { program: passes, breakpoints: [{ file: passes, line, hitCondition: '3' }] }, 120_000);
    const vars = await g.ok('debug_variables', {});
    assert.match(vars.text, /part[^\n]*'b=3'/, vars.text);
    assert.doesNotMatch(vars.text, /key[^\n]*'a'/, vars.text);
    assert.match(vars.text, new RegExp(`key[^\\n]*not declared yet: line ${line}>`), vars.text);
    assert.match(vars.text, new RegExp(`seen[^\\n]*not declared yet: line ${line + 1}>`), vars.text);
    await g.ok('debug_stop', {});
    const probe = await g.ok('debug_probe', { program: passes, breakpoints: [{ file: passes, line: line + 1 }], expressions: ['key'], maxHits: 3 }, 120_000);
    assert.doesNotMatch(probe.text, /seen=[01]\b/, probe.text);
    await g.ok('debug_stop', {});
  });

  test('C: a local declared further down its block is no value at a breakpoint above it', async () => {
    const slots = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'slots.c');
    const line = lineOf(slots, 'int v = values[i];');
    const r = await g.ok('debug_launch', { program: slots, breakpoints: [{ file: slots, line }] }, 180_000);
    assert.match(r.text, new RegExp(`^Locals: [^\\n]*v=<not declared yet: line ${line}>`, 'm'), r.text);
    assert.match(r.text, /^Locals: [^\n]*\bi=0\b/m, r.text);
    assert.match(r.text, /^Locals: [^\n]*\bn=3\b/m, r.text);
    await g.ok('debug_stop', {});
  });

  test('debug_snapshot marks them too: node (a loop pass\'s block consts below the stop) and C (a local declared further down, its stack slot unset)', async () => {
    const passes = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'passes.js');
    const line = lineOf(passes, 'const key = part');
    await g.ok('debug_launch', { program: passes, breakpoints: [{ file: passes, line, hitCondition: '3' }] }, 120_000);
    const js = await g.ok('debug_snapshot', {}, 60_000);
    const jsLocals = js.structured.threads.find((t: { locals?: Record<string, string> }) => t.locals)?.locals;
    assert.match(jsLocals?.part ?? '', /'b=3'/, js.text);
    assert.equal(jsLocals?.key, `<not declared yet: line ${line}>`, js.text);
    assert.equal(jsLocals?.seen, `<not declared yet: line ${line + 1}>`, js.text);
    assert.doesNotMatch(js.text, /key='a'/, js.text);
    await g.ok('debug_stop', {});
    const slots = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'slots.c');
    const at = lineOf(slots, 'int v = values[i];');
    await g.ok('debug_launch', { program: slots, breakpoints: [{ file: slots, line: at }] }, 180_000);
    const c = await g.ok('debug_snapshot', {}, 60_000);
    const cLocals = c.structured.threads.find((t: { locals?: Record<string, string> }) => t.locals)?.locals;
    assert.equal(cLocals?.v, `<not declared yet: line ${at}>`, c.text);
    assert.equal(cLocals?.n, '3', c.text);
    await g.ok('debug_stop', {});
  });

  test('an evaluation, a variable path, a display expression and a probe expression that read such a local say so, not its slot\'s leftover (node and C)', async () => {
    const passes = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'passes.js');
    const line = lineOf(passes, 'const key = part');
    const r = await g.ok('debug_launch', { program: passes, breakpoints: [{ file: passes, line, hitCondition: '3' }], display: ['key', 'part'] }, 120_000);
    assert.match(r.text, new RegExp(`^Display: key=<not declared yet: line ${line}>  part='b=3'`, 'm'), r.text);
    const bare = await g.ok('debug_evaluate', { expression: 'key' });
    assert.equal(bare.structured.result, `<not declared yet: line ${line}>`, bare.text);
    const uses = await g.call('debug_evaluate', { expression: 'seen + 1' });
    assert.equal(uses.isError, true, uses.text);
    assert.match(uses.text, new RegExp(`not evaluated: 'seen' \\(line ${line + 1}\\) is not declared yet at this stop`), uses.text);
    assert.match((await g.ok('debug_evaluate', { expression: 'part' })).text, /'b=3'/);
    const path = await g.ok('debug_variables', { path: 'key' });
    assert.match(path.text, new RegExp(`^key = <not declared yet: line ${line}>`), path.text);
    const member = await g.call('debug_variables', { path: 'key.length' });
    assert.equal(member.isError, true, member.text);
    await g.ok('debug_stop', {});
    const probe = await g.ok('debug_probe', { program: passes, breakpoints: [{ file: passes, line }], expressions: ['key', 'counts[key]'], maxHits: 3 }, 120_000);
    assert.doesNotMatch(probe.text, /key = 'a'/, probe.text);
    assert.equal((probe.text.match(new RegExp(`key = <not declared yet: line ${line}>`, 'g')) ?? []).length, 3, probe.text);
    await g.ok('debug_stop', {});
    const slots = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'slots.c');
    const at = lineOf(slots, 'int v = values[i];');
    const c = await g.ok('debug_probe', { program: slots, breakpoints: [{ file: slots, line: at }], expressions: ['v', 'v + i'], maxHits: 2 }, 180_000);
    assert.equal((c.text.match(new RegExp(`\\bv = <not declared yet: line ${at}>`, 'g')) ?? []).length, 2, c.text);
    assert.doesNotMatch(c.text, /\bv = 3\b/, c.text);
    assert.match(c.text, /v \+ i = <not evaluated: 'v'/, c.text);
    await g.ok('debug_stop', {});
  });

  test('node, stopped in a loop\'s block: a const of the function declared after the loop is not declared yet either (the function\'s range, not the block\'s)', async () => {
    const file = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'after-loop.js');
    const r = await g.ok('debug_launch', { program: file, breakpoints: [{ file, line: lineOf(file, 'total += doubled;') }] }, 120_000);
    assert.match(r.text, new RegExp(`^Locals: [^\\n]*result=<not declared yet: line ${lineOf(file, 'const result =')}>`, 'm'), r.text);
    await g.ok('debug_stop', {});
  });

  test('C: a loop head\'s own variable is declared at the head on a later pass; the step past it changes it', async () => {
    const slots = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'slots.c');
    await g.ok('debug_launch', { program: slots, breakpoints: [{ file: slots, line: lineOf(slots, 'total += v;') }] }, 180_000);
    const head = await g.ok('debug_step', { kind: 'over' });
    assert.match(head.text, new RegExp(`stopped at step, slots\\.c:${lineOf(slots, 'for (int i = 0; i < n')}\\b`), head.text);
    assert.match(head.text, /^Locals: [^\n]*\bi=0\b/m, head.text);
    const next = await g.ok('debug_step', { kind: 'over' });
    assert.match(next.text, /^Changed: [^\n]*\bi: 0 -> 1\b/m, next.text);
    await g.ok('debug_stop', {});
  });
});

describe('debug_trace of a Java method that other lines call (real java-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a line that returns, throws or calls it is no definition: the one method is traced, through a stream\'s lambda too', async () => {
    const streams = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'Streams.java');
    const r = await g.ok('debug_trace', { program: streams, function: 'convert', call: 2 }, 180_000);
    assert.match(r.text, /^Trace of Streams\.convert\S* \(call #2\) at Streams\.java:6/m, r.text);
    assert.match(r.text, /^Locals at start: s="2"$/m, r.text);
    assert.match(r.text, /^Returned 4\b/m, r.text);
    await g.ok('debug_stop');
  });
});
