import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, eventually, lineOf } from '../support/gateway.js';

// A logpoint message is one entry of the output log in every language, whatever it holds: a message
// whose template or value spans lines is filed whole as `logpoint`, never its tail as the program's stdout.
const scratch = mkdtempSync(join(tmpdir(), 'dapgate-logpoint-nl-'));
const write = (dir: string, name: string, text: string) => {
  mkdirSync(join(scratch, dir), { recursive: true });
  writeFileSync(join(scratch, dir, name), text);
  return join(scratch, dir, name);
};

const cases = [
  {
    language: 'java',
    file: () => write('java', 'Lines.java', 'public class Lines {\n    public static void main(String[] args) {\n        String text = "alpha\\nbeta";\n        for (int i = 0; i < 2; i++) {\n            System.out.println("printed " + i);\n        }\n    }\n}\n'),
    program: (f: string) => f,
    at: 'System.out.println("printed "',
  },
  {
    language: 'python',
    file: () => write('python', 'lines.py', 'text = "alpha\\nbeta"\nfor i in range(2):\n    print("printed", i)\n'),
    program: (f: string) => f,
    at: 'print("printed", i)',
  },
  {
    language: 'node',
    file: () => write('node', 'lines.js', 'const text = "alpha\\nbeta";\nfor (let i = 0; i < 2; i++) {\n  console.log("printed " + i);\n}\n'),
    program: (f: string) => f,
    at: 'console.log("printed " + i);',
  },
  {
    language: 'go',
    file: () => {
      write('go', 'go.mod', 'module lines\n\ngo 1.21\n');
      return write('go', 'main.go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\ttext := "alpha\\nbeta"\n\tfor i := 0; i < 2; i++ {\n\t\tfmt.Println("printed", i, len(text))\n\t}\n}\n');
    },
    program: (f: string) => join(f, '..'),
    at: 'fmt.Println("printed"',
  },
];

describe('a logpoint message spanning lines is one logpoint entry (real adapters)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  for (const c of cases) {
    test(`${c.language}: the lines of a logpoint message stay in the logpoint`, async () => {
      const file = c.file();
      const line = lineOf(file, c.at);
      // the template itself spans two lines; the value of `text` may too, where the language prints strings raw
      // a workspace logpoint (set before the launch), so its count outlives the session
      await g.ok('debug_breakpoint_set', { file, line, logMessage: 'first {i}\nsecond {text} end' });
      const run = await g.ok('debug_launch', { program: c.program(file), timeoutMs: 60_000 }, 180_000);
      const id = run.structured.sessionId;
      const done = await eventually(async () => ['exited', 'terminated'].includes((await g.ok('debug_status', { sessionId: id })).structured.state), 90_000, 250);
      assert.ok(done, (await g.ok('debug_status', { sessionId: id })).text);
      const stdout = (await g.ok('debug_output', { sessionId: id, category: 'stdout' })).text;
      assert.match(stdout, /printed.*1/, stdout);
      assert.doesNotMatch(stdout, /second|beta|end/, `no part of a logpoint message is filed as the program's stdout:\n${stdout}`);
      const logged = (await g.ok('debug_output', { sessionId: id, category: 'logpoint' })).text;
      assert.equal(logged.match(/first/g)?.length, 2, logged);
      assert.equal(logged.match(/second/g)?.length, 2, logged);
      assert.equal(logged.match(/ end/g)?.length, 2, `each message whole, to its last word:\n${logged}`);
      const mixed = (await g.ok('debug_output', { sessionId: id })).text;
      assert.equal(mixed.match(/\[logpoint\]/g)?.length, 2, `one [logpoint] per message, its further lines under it:\n${mixed}`);
      const bps = await g.ok('debug_breakpoints');
      assert.match(bps.text, /logged 2 times/, bps.text);
      await g.ok('debug_breakpoint_remove', { all: true });
    });
  }
});
