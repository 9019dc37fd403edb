import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf } from '../support/gateway.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'dapgate-globals-')));
const program = join(dir, 'shelter.py');
const source = `import sys
import json
from os.path import join

LIMIT = 3


class Cat:
    def __init__(self, name):
        self.name = name


def main():
    cats = [Cat("a")]
    print(len(cats), LIMIT)


main()
`;

describe('Globals without noise, saying what was hidden (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    writeFileSync(program, source);
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('module functions and classes by name, modules hidden and named, one shown when asked', async () => {
    const line = lineOf(program, 'print(len(cats)');
    await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] }, 120_000);
    const globals = await g.ok('debug_variables', { scope: 'Globals', depth: 1 });
    assert.match(globals.text, /LIMIT = 3/, globals.text);
    assert.match(globals.text, /functions: .*\bmain\b/, globals.text);
    assert.match(globals.text, /classes: Cat/, globals.text);
    assert.match(globals.text, /\(hidden: json, sys — .*pass names: \["json"\]/, globals.text);
    assert.doesNotMatch(globals.text, /abiflags|<module/, 'modules are not expanded');
    const scope = globals.structured.scopes[0];
    assert.deepEqual(scope.hidden, ['json', 'sys']);
    assert.ok(scope.groups.classes.includes('Cat'));

    const sys = await g.ok('debug_variables', { scope: 'Globals', names: ['sys'], depth: 0 });
    assert.match(sys.text, /sys = <module 'sys'/, sys.text);
    const byPath = await g.ok('debug_variables', { path: 'sys.argv' });
    assert.match(byPath.text, /shelter\.py/, byPath.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });
});
