import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

// A workspace of its own: .vscode/launch.json (with comments and trailing commas) above the folder
// the gateway runs in, programs copied into src/, so every path comes from the configuration.
const ws = realpathSync(mkdtempSync(join(tmpdir(), 'dapgate-launchjson-')));
const src = join(ws, 'src');
const app = join(src, 'app.py');
const quick = join(src, 'quick.js');
const ledgerJava = join(src, 'Ledger.java');

const launchJson = `{
  // read the way VS Code reads it
  "version": "0.2.0",
  "configurations": [
    {
      "name": "App (Python)",
      "type": "debugpy",
      "request": "launch",
      "program": "\${workspaceFolder}\${pathSeparator}src/app.py",
      "args": ["\${env:APP_ARG}", "\${workspaceFolderBasename}"],
      "env": { "APP_HOME": "\${userHome}" },
      "preLaunchTask": "build", /* VS Code runs it; dapgate says it did not */
      "justMyCode": true,
    },
    { "name": "Quick (Node)", "type": "pwa-node", "request": "launch", "program": "\${workspaceFolder}/src/quick.js", "skipFiles": ["<node_internals>/**"] },
    { "name": "Current Java file", "type": "java", "request": "launch", "mainClass": "\${file}" },
    { "name": "Needs input", "type": "debugpy", "request": "launch", "program": "\${input:pickFile}", "args": ["\${command:pickArgs}"] },
    { "name": "Attach", "type": "debugpy", "request": "attach", "connect": { "port": 5678 } },
    { "name": "PHP", "type": "php", "request": "launch", "program": "x.php" },
  ],
}
`;

describe('VS Code launch configurations (real adapters)', () => {
  let g: Gateway;
  before(async () => {
    mkdirSync(join(ws, '.vscode'), { recursive: true });
    mkdirSync(src);
    writeFileSync(join(ws, '.vscode', 'launch.json'), launchJson);
    writeFileSync(app, 'import os\nimport sys\n\nargs = sys.argv[1:]\nhome = os.environ.get("APP_HOME")\nprint("args", args, "home", home)\n');
    copyFileSync(join(repoRoot, 'examples', 'node', 'quick.js'), quick);
    copyFileSync(join(repoRoot, 'examples', 'java', 'Ledger.java'), ledgerJava);
    g = await Gateway.start({ APP_ARG: 'from-env' }, [], src);
  });
  after(async () => {
    await g?.close();
    rmSync(ws, { recursive: true, force: true });
  });

  test('debug_languages lists the configurations of the launch.json above its folder', async () => {
    const r = await g.ok('debug_languages');
    assert.match(r.text, new RegExp(`Launch configurations in ${join(ws, '.vscode', 'launch.json').replace(/[.\\\\]/g, '\\$&')}`), r.text);
    assert.match(r.text, /'App \(Python\)' \(debugpy launch\) -> python/, r.text);
    assert.match(r.text, /'Quick \(Node\)' \(pwa-node launch\) -> node/, r.text);
    assert.match(r.text, /'Current Java file' \(java launch\) -> java/, r.text);
    assert.match(r.text, /'PHP' \(php launch\) -> no profile runs this type/, r.text);
    assert.equal(r.structured.configurations.items.length, 6);
  });

  test('python: variables filled, type debugpy runs debugpy, VS Code-only keys named', async () => {
    const line = lineOf(app, 'print(');
    const r = await g.ok('debug_launch', { configuration: 'App (Python)', breakpoints: [{ file: app, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.line, line, r.text);
    assert.equal(r.structured.locals.args, `['from-env', '${ws.split('/').pop()}']`, r.text);
    assert.equal(r.structured.locals.home, `'${homedir()}'`, r.text);
    assert.match(r.text, /From configuration 'App \(Python\)' \(python\) in .*launch\.json; not carried out \(VS Code only\): preLaunchTask: "build"/, r.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('node: pwa-node runs js-debug with the configuration\'s program', async () => {
    const line = lineOf(quick, 'values.push(next());');
    const r = await g.ok('debug_launch', { configuration: 'Quick (Node)', breakpoints: [{ file: quick, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.line, line, r.text);
    assert.match(r.text, /quick\.js/);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('java: ${file} is the program the call names', async () => {
    const line = lineOf(ledgerJava, 'total = ledger.post(amount);');
    const r = await g.ok('debug_launch', { configuration: 'Current Java file', program: ledgerJava, breakpoints: [{ file: ledgerJava, line }], timeoutMs: 60_000 }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.line, line, r.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('what cannot be read is refused, saying what', async () => {
    const noFile = await g.call('debug_launch', { configuration: 'Current Java file' });
    assert.equal(noFile.isError, true);
    assert.match(noFile.text, /uses \$\{file\}.*pass program/s, noFile.text);
    const input = await g.call('debug_launch', { configuration: 'Needs input' });
    assert.match(input.text, /cannot fill: \$\{input:pickFile\}, \$\{command:pickArgs\}/, input.text);
    const attach = await g.call('debug_launch', { configuration: 'Attach' });
    assert.match(attach.text, /'attach' configuration/, attach.text);
    const php = await g.call('debug_launch', { configuration: 'PHP' });
    assert.match(php.text, /type 'php', which no dapgate profile runs.*debugpy\/python \(python\)/s, php.text);
    const missing = await g.call('debug_launch', { configuration: 'Nope' });
    assert.match(missing.text, /no configuration named 'Nope'.*'App \(Python\)', 'Quick \(Node\)'/s, missing.text);
    const elsewhere = await g.call('debug_launch', { configuration: 'App (Python)', cwd: tmpdir() });
    assert.match(elsewhere.text, /no \.vscode\/launch\.json in/, elsewhere.text);
    const sessions = await g.ok('debug_sessions');
    assert.doesNotMatch(sessions.text, /running|stopped/, 'a refused configuration starts nothing');
  });
});
