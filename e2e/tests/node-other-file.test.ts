import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf } from '../support/gateway.js';
import { killGroup, startInspectTarget } from '../support/processes.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'dapgate-node-other-file-')));
const helper = join(dir, 'lib', 'search-params.js');
const server = join(dir, 'server.js');
const script = join(dir, 'play', 'query.js');

const helperSource = `'use strict';
// turns an object into a query string
function stringify(obj) {
  const parts = [];
  for (const key of Object.keys(obj)) parts.push(key + '=' + obj[key]);
  return parts.join('&');
}
module.exports = { stringify };
`;
const serverSource = `'use strict';
const { stringify } = require('./lib/search-params');
let n = 0;
setInterval(() => {
  n++;
  const q = stringify({ page: n, size: 10 });
  if (n % 10 === 0) console.log('query', q);
}, 50);
console.log('server up');
`;
// line 14 is a statement of its own; the file never loads lib/search-params.js
const scriptSource = `'use strict';
const words = ['a', 'b', 'c'];
let total = 0;

function weigh(word) {
  return word.charCodeAt(0);
}

for (const w of words) {
  total += weigh(w);
}

const label = 'total';
console.log(label, total);
`;

describe('a breakpoint binds only in its own source (real js-debug)', () => {
  let g: Gateway;
  const targets: ChildProcess[] = [];
  before(async () => {
    mkdirSync(join(dir, 'lib'));
    mkdirSync(join(dir, 'play'));
    writeFileSync(helper, helperSource);
    writeFileSync(server, serverSource);
    writeFileSync(script, scriptSource);
    g = await Gateway.start();
  });
  after(async () => {
    targets.forEach(killGroup);
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a workspace breakpoint in a script the attached server never loads is not bound in another file, and the trace's own stops are its own", async () => {
    const line = lineOf(script, "console.log(label, total)");
    assert.equal(line, 14);
    const bp = (await g.ok('debug_breakpoint_set', { file: script, line })).structured.breakpoint.id as string;
    const ran = await g.ok('debug_launch', { program: script }, 60_000);
    assert.equal(ran.structured.stop?.line, line, ran.text);
    await g.ok('debug_stop', {});

    const port = await freePort();
    const target = startInspectTarget(server, port);
    targets.push(target);
    let printed = '';
    target.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
    assert.ok(await eventually(() => printed.includes('server up'), 15_000), 'the server runs');
    const attached = await g.ok('debug_attach', { language: 'node', port, waitForTargetMs: 15_000 }, 60_000);
    const sid = attached.structured.sessionId as string;
    const trace = await g.ok('debug_trace', { sessionId: sid, function: 'stringify', file: helper, call: 3 }, 90_000);
    assert.equal(trace.structured.traces?.length, 1, `the trace reached call 3 of its own: ${trace.text}`);
    assert.doesNotMatch(trace.text, /stopped elsewhere first/, trace.text);

    const listed = await g.ok('debug_breakpoints');
    const mine = (listed.structured.breakpoints as any[]).find((b) => b.id === bp);
    const binding = mine?.bindings?.[sid];
    assert.ok(!binding?.verified || binding.line === line, `${bp} (play/query.js:${line}) is not bound in another file in ${sid}: ${listed.text}`);
    assert.doesNotMatch(listed.text, /MOVED/, listed.text);
    assert.equal(mine.hits, 1, `only the script's own pass counts: ${listed.text}`);
    await g.ok('debug_stop', { sessionId: sid });
  });
});
