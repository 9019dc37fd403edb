import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Gateway, binPath, lineOf, pyExample, repoRoot } from '../support/gateway.js';

const settings = pyExample('settings.py');
const ledger = pyExample('ledger.py');

describe('secret masking and evaluation modes (real debugpy)', () => {
  const gateways: Gateway[] = [];
  after(async () => {
    for (const g of gateways) await g.close();
  });
  const start = async (args: string[] = []) => {
    const g = await Gateway.start({}, args);
    gateways.push(g);
    return g;
  };

  test('credential-shaped values are masked in locals, variables, evaluate and output by default', async () => {
    const g = await start();
    const line = lineOf(settings, 'return settings, api_token, user');
    const r = await g.ok('debug_launch', { program: settings, breakpoints: [{ file: settings, line }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.doesNotMatch(r.text, /ghp_0123|hunter2/);
    assert.match(r.text, /user='ada'/, 'ordinary values stay visible');
    assert.equal(r.structured.locals.api_token, '«masked»');
    const v = await g.ok('debug_variables', { path: 'settings' });
    assert.doesNotMatch(v.text + JSON.stringify(v.structured), /hunter2/);
    assert.match(v.text, /'region' = 'eu'/);
    const e = await g.ok('debug_evaluate', { expression: 'api_token' });
    assert.doesNotMatch(e.text + JSON.stringify(e.structured), /ghp_0123/);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_continue');
    const out = await g.ok('debug_output');
    assert.match(out.text, /connecting as ada with «masked»/);
  });

  test('masking follows credentials, not every name with "token" in it, into evaluations and logpoints', async () => {
    const g = await start();
    const tokensPy = pyExample('tokens.py');
    const line = lineOf(tokensPy, 'print("parsed"');
    const r = await g.ok('debug_launch', {
      program: tokensPy,
      breakpoints: [{ file: tokensPy, line }, { file: tokensPy, line: line + 1, logMessage: 'pw={db_password} n={len(tokens)}' }],
    });
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.text, /tokens=list\(5\)|tokens=\[/, r.text);
    assert.equal(r.structured.locals.token, "'3'", 'a parser token is data, not a credential');
    assert.equal(r.structured.locals.db_password, '«masked»');
    const v = await g.ok('debug_variables', { path: 'rpntokens' });
    assert.match(v.text, /'\*'/, 'elements of rpntokens are shown');
    for (const expression of ['db_password.upper()', 'db_password[0:7]', '[db_password]']) {
      const e = await g.ok('debug_evaluate', { expression });
      assert.doesNotMatch(e.text + JSON.stringify(e.structured), /hunter2|HUNTER2/, `${expression}: ${e.text}`);
      assert.match(e.text, /«masked»/);
    }
    const seen = await g.ok('debug_evaluate', { expression: '"x" + "hunter2-not-real"[0:20]' });
    assert.doesNotMatch(seen.text, /hunter2-not-real/, 'a value once masked by its name stays masked wherever it appears');
    await g.ok('debug_continue');
    const out = await g.ok('debug_output');
    assert.match(out.text, /pw=«masked» n=5/, out.text);
    assert.doesNotMatch(out.text, /hunter2/);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('the operator can turn masking off; agents cannot', async () => {
    const g = await start(['--no-mask-secrets']);
    const line = lineOf(settings, 'return settings, api_token, user');
    const r = await g.ok('debug_launch', { program: settings, breakpoints: [{ file: settings, line }] });
    assert.match(r.text, /ghp_0123456789/);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('blocklist (the default) refuses dangerous expressions everywhere they can appear', async () => {
    const g = await start();
    const line = lineOf(ledger, 'total = acct.post(amount)');
    await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] });
    const e = await g.call('debug_evaluate', { expression: '__import__("os").getcwd()' });
    assert.equal(e.isError, true);
    assert.match(e.text, /refused by the server's evaluation mode 'blocklist'/);
    const c = await g.call('debug_breakpoint_set', { file: ledger, line, condition: 'os.system("true") == 0' });
    assert.match(c.text, /breakpoint condition refused/);
    const l = await g.call('debug_breakpoint_set', { file: ledger, line, logMessage: 'cwd {open("x")}' });
    assert.match(l.text, /logpoint message refused/);
    const fine = await g.ok('debug_evaluate', { expression: 'acct.balance() + amount' });
    assert.equal(fine.structured.result, '40');
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('readonly refuses assignments, unknown calls and set_variable; plain reads work', async () => {
    const g = await start(['--eval-mode', 'readonly']);
    const line = lineOf(ledger, 'total = acct.post(amount)');
    await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] });
    assert.match((await g.call('debug_evaluate', { expression: 'total = 99' })).text, /assigns or mutates/);
    assert.match((await g.call('debug_evaluate', { expression: 'acct.entries.append(1)' })).text, /append\(\) is not known to be free of side effects/);
    assert.match((await g.call('debug_set_variable', { path: 'total', value: '1' })).text, /debug_set_variable refused/);
    const read = await g.ok('debug_evaluate', { expression: 'len(acct.entries) == 0 and meta.get("region") == "eu"' });
    assert.equal(read.structured.result, 'True');
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('readonly: a user method is refused whatever its name (it may write state); pure builtins take keyword arguments', async () => {
    const g = await start(['--eval-mode', 'readonly']);
    const cart = join(repoRoot, 'e2e', 'fixtures', 'readonly', 'cart.py');
    const r = await g.ok('debug_launch', { program: cart, breakpoints: [{ file: cart, line: lineOf(cart, '# STOP') }], timeoutMs: 60_000 }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const total = await g.call('debug_evaluate', { expression: 'cart.total()' });
    assert.equal(total.isError, true, total.text);
    assert.match(total.text, /total\(\) is not known to be free of side effects/, total.text);
    assert.equal((await g.ok('debug_evaluate', { expression: 'cart.audits' })).structured.result, '0', 'the method did not run');
    assert.equal((await g.ok('debug_evaluate', { expression: 'sorted(xs, reverse=True)' })).structured.result, '[9, 5, 2]');
    assert.equal((await g.ok('debug_evaluate', { expression: 'max(xs, default=0) + len(cart.items)' })).structured.result, '12');
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('an unknown evaluation mode is a usage error, not a silent default', () => {
    const r = spawnSync(process.execPath, [binPath, '--eval-mode', 'anything-goes'], { encoding: 'utf8', input: '', timeout: 10_000 });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--eval-mode must be one of unrestricted, blocklist, readonly/);
  });

  test('no answer exceeds the output budget', async () => {
    const g = await start();
    const nested = pyExample('nested.py');
    await g.ok('debug_launch', { program: nested, breakpoints: [{ file: nested, line: lineOf(nested, 'amount = order.total()') }] });
    const big = await g.ok('debug_variables', { path: 'big', maxItems: 500, depth: 2 });
    assert.ok(big.text.length <= 24_500, `answer of ${big.text.length} characters`);
    const everything = await g.ok('debug_evaluate', { expression: '"x" * 200000' });
    assert.ok(everything.text.length <= 24_500);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });
});
