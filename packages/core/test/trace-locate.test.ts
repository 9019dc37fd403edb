import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadProfiles } from '../src/index.js';
import { functionBodyLine } from '../src/trace/locate.js';

const root = resolve(import.meta.dirname, '..', '..', '..');
const profiles = loadProfiles(join(root, 'adapters-config'));
const profile = (id: string) => profiles.find((p) => p.id === id)!;

test("a function's first body line, per profile pattern (Python def, JS function, Java method)", async () => {
  assert.equal(await functionBodyLine(profile('python'), join(root, 'examples/python/scores.py'), 'running_total'), 9);
  assert.equal(await functionBodyLine(profile('node'), join(root, 'examples/node/scores.js'), 'runningTotal'), 8);
  assert.equal(await functionBodyLine(profile('java'), join(root, 'examples/java/Scores.java'), 'Scores.runningTotal'), 8);
});

test('a name that is not defined in the file is refused with what to do instead', async () => {
  await assert.rejects(functionBodyLine(profile('python'), join(root, 'examples/python/scores.py'), 'nowhere'), /no definition of 'nowhere'.*|pass file and line/);
});

test('Type.method looks inside that type\'s block; a bare name defined more than once is refused with each candidate', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-locate-'));
  try {
    const py = join(dir, 'types.py');
    writeFileSync(py, ['class ParamType:', '    def convert(self, value):', '        return value', '', '', 'class Range(ParamType):', '    # a comment at any indent does not end the class', '# like this', '    def convert(self, value):', '        rv = int(value)', '        return rv', '', 'def convert(x):', '    return x', ''].join('\n'));
    assert.equal(await functionBodyLine(profile('python'), py, 'Range.convert'), 10);
    const spread = join(dir, 'spread.py');
    writeFileSync(spread, ['class Base(', '    object,', '):', '    top: int', '', '    def convert(', '        self, value', '    ) -> int:', '        return int(value)', ''].join('\n'));
    assert.equal(await functionBodyLine(profile('python'), spread, 'Base.convert'), 9, 'a class signature over several lines');
    assert.equal(await functionBodyLine(profile('python'), py, 'ParamType.convert'), 3);
    await assert.rejects(functionBodyLine(profile('python'), py, 'convert'), /'convert' is defined 3 times in .*: ParamType\.convert \(line 2: def convert\(self, value\)\); Range\.convert \(line 9: def convert\(self, value\)\); line 13: def convert\(x\)/);
    await assert.rejects(functionBodyLine(profile('python'), py, 'Other.convert'), /no 'Other' found/);
    const go = join(dir, 'tree.go');
    writeFileSync(go, ['package t', '', 'func (t *Tree) Get(k int) int {', '\treturn k', '}', '', 'func (n node) Get(k int) int {', '\treturn k + 1', '}', ''].join('\n'));
    assert.equal(await functionBodyLine(profile('go'), go, 'node.Get'), 8);
    assert.equal(await functionBodyLine(profile('go'), go, 'Tree.Get'), 4);
    await assert.rejects(functionBodyLine(profile('go'), go, 'Get'), /Tree\.Get \(line 3: func \(t \*Tree\) Get\(k int\) int\); node\.Get \(line 7: func \(n node\) Get\(k int\) int\)/);
    const java = join(dir, 'Shapes.java');
    writeFileSync(java, ['class Circle {', '  double area() {', '    return 3.14;', '  }', '}', 'class Square {', '  double area() {', '    return 1.0;', '  }', '}', ''].join('\n'));
    assert.equal(await functionBodyLine(profile('java'), java, 'Square.area'), 8);
    assert.equal(await functionBodyLine(profile('java'), java, 'Circle#area'), 3);
    const text = join(dir, 'Element.java');
    writeFileSync(text, ['class Element {', '  String text() {', '    return "";', '  }', '  Element text(String t) {', '    return this;', '  }', '}', ''].join('\n'));
    await assert.rejects(functionBodyLine(profile('java'), text, 'Element.text'), /'Element\.text' is defined 2 times .*: line 2: String text\(\); line 5: Element text\(String t\)/);
    // a function nested in a function after a class is no member of that class (path-to-regexp's match)
    const nested = join(dir, 'nested.ts');
    writeFileSync(nested, ['export class PathError extends TypeError {', '  constructor(m: string) {', '    super(m);', '  }', '}', '', 'export function match(path: string) {', '  const re = new RegExp(path);', '  return function match(input: string) {', '    return re.exec(input);', '  };', '}', ''].join('\n'));
    await assert.rejects(functionBodyLine(profile('node'), nested, 'match'), (e: Error) => /defined 2 times/.test(e.message) && !/PathError/.test(e.message));
    const inner = join(dir, 'inner.py');
    writeFileSync(inner, ['class Shelf:', '    def total(self):', '        def weigh(x):', '            return x', '        return 0', '', 'def weigh(y):', '    return y', ''].join('\n'));
    await assert.rejects(functionBodyLine(profile('python'), inner, 'weigh'), (e: Error) => /defined 2 times/.test(e.message) && !/Shelf\.weigh/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('TypeScript definitions: generics, return types, modifiers, typed arrow functions; a call is no definition', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-locate-ts-'));
  try {
    const ts = join(dir, 'query.ts');
    writeFileSync(ts, ['export function parseQuery<T extends Parsed = Parsed>(', '  text = "",', '): T {', '  return {} as T;', '}', '', 'class Cache {', '  private async load<T>(key: string): Promise<T> {', '    const hit = parseQuery(key);', '    return hit as T;', '  }', '}', '', 'export const size = (a: string): number => {', '  return a.length;', '};', ''].join('\n'));
    assert.equal(await functionBodyLine(profile('node'), ts, 'parseQuery'), 4);
    assert.equal(await functionBodyLine(profile('node'), ts, 'Cache.load'), 9);
    assert.equal(await functionBodyLine(profile('node'), ts, 'size'), 15);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a line that calls the function is no definition of it: return, new, throw, else, annotations (Java, C++)', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-locate-calls-'));
  try {
    const java = join(dir, 'Streams.java');
    writeFileSync(java, ['public class Streams {', '    @SuppressWarnings("unchecked") static int convert(String s) {', '        return Integer.parseInt(s);', '    }', '', '    static int wrap(String s) {', '        if (s.isEmpty()) throw new IllegalStateException(s);', '        else convert(s);', '        return convert(s);', '    }', '}', ''].join('\n'));
    assert.equal(await functionBodyLine(profile('java'), java, 'convert'), 3);
    assert.equal(await functionBodyLine(profile('java'), java, 'Streams.convert'), 3);
    const cpp = join(dir, 'calls.cpp');
    writeFileSync(cpp, ['static int convert(int v) {', '    return v * 2;', '}', '', 'int wrap(int v) {', '    if (v < 0)', '        throw convert(v,', '            1);', '    return convert(v,', '        2);', '}', ''].join('\n'));
    assert.equal(await functionBodyLine(profile('lldb'), cpp, 'convert'), 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a Python body after a signature over several lines and a docstring over several lines starts at its first statement', async () => {
  const file = join(root, 'e2e/fixtures/trace-methods/docstring.py');
  const lines = (await import('node:fs')).readFileSync(file, 'utf8').split('\n');
  assert.equal(await functionBodyLine(profile('python'), file, 'truncate'), lines.indexOf("    kept = ''") + 1);
  assert.equal(await functionBodyLine(profile('python'), file, 'main'), lines.indexOf("    kept = truncate('one-two-three-four', 9)") + 1);
});

test('a body on the definition line is refused (a breakpoint there stops where the definition runs), never the next function\'s line; a brace on the next line opens a C body', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'locate-'));
  try {
    const py = join(dir, 'one.py');
    writeFileSync(py, 'def double(x): return x * 2\n\n\ndef later(items):\n    total = 0\n    return total\n');
    await assert.rejects(functionBodyLine(profile('python'), py, 'double'), /the body of 'double' in .* is on its definition's line \(1\)/);
    assert.equal(await functionBodyLine(profile('python'), py, 'later'), 5);
    const c = join(dir, 'sum.c');
    writeFileSync(c, 'int sum(int n)\n{\n    int s = 0;\n    return s;\n}\n');
    assert.equal(await functionBodyLine(profile('lldb'), c, 'sum'), 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
