import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkExpression, type EvalMode } from '../src/policy/evaluation.js';
import { loadProfiles } from '../src/profiles/loader.js';

const profiles = Object.fromEntries(loadProfiles().map((p) => [p.id, p]));
const ok = (lang: string, mode: EvalMode, expr: string, use: any = 'evaluate') => assert.doesNotThrow(() => checkExpression(profiles[lang]!, mode, expr, use), `${lang}/${mode} should allow: ${expr}`);
const no = (lang: string, mode: EvalMode, expr: string, why: RegExp, use: any = 'evaluate') =>
  assert.throws(() => checkExpression(profiles[lang]!, mode, expr, use), (e: Error) => why.test(e.message), `${lang}/${mode} should refuse: ${expr}`);

test('unrestricted allows anything', () => {
  ok('python', 'unrestricted', '__import__("os").system("rm -rf /")');
  ok('node', 'unrestricted', 'process.exit(1)');
});

test('blocklist refuses process, file, network, env and reflection access per language', () => {
  no('python', 'blocklist', 'os.system("ls")', /blocked/);
  no('python', 'blocklist', '__import__("subprocess")', /blocked/);
  no('python', 'blocklist', 'open("/etc/passwd").read()', /blocked/);
  no('python', 'blocklist', 'acct.__class__.__bases__', /blocked/);
  no('java', 'blocklist', 'Runtime.getRuntime().exec("ls")', /blocked/);
  no('java', 'blocklist', 'System.getenv("HOME")', /blocked/);
  no('java', 'blocklist', 'Class.forName("x").getDeclaredMethods()', /blocked/);
  no('node', 'blocklist', 'require("child_process").execSync("ls")', /blocked/);
  no('node', 'blocklist', 'process.env.SECRET', /blocked/);
  no('node', 'blocklist', 'globalThis.constructor', /blocked/);
  no('python', 'blocklist', 'x if {os.remove("a")} else 1', /blocked/, 'logMessage');
  ok('python', 'blocklist', 'order.total() + len(items)');
  ok('java', 'blocklist', 'ledger.describe().length() > 3');
  ok('node', 'blocklist', 'values.map((v) => v * 2).join(",")');
});

test('readonly also refuses assignments, increments and calls not known to be side-effect free', () => {
  no('python', 'readonly', 'total = 0', /assigns/);
  no('python', 'readonly', 'items.append(3)', /not known to be free of side effects/);
  no('python', 'readonly', 'del cache["k"]', /'del' changes/);
  no('java', 'readonly', 'count++', /assigns/);
  no('java', 'readonly', 'list.clear()', /not known/);
  no('node', 'readonly', 'arr.push(1)', /not known/);
  no('node', 'readonly', 'x += 2', /assigns/);
  no('python', 'readonly', '1', /setting variables/, 'setVariable');
  ok('python', 'readonly', 'len(order.items) > 3 and meta.get("region") == "eu"');
  ok('java', 'readonly', 'entries.size() + Math.max(a, b) != 0');
  ok('node', 'readonly', 'values.filter((v) => v > 2).length >= 1');
  ok('python', 'readonly', 'name == "a=b(c)"');
});

test('go: delve runs code only through `call`; blocklist stops process, file, env and unsafe calls, readonly every call', () => {
  no('go', 'blocklist', 'call os.Exit(1)', /blocked/);
  no('go', 'blocklist', 'call exec.Command("ls").Run()', /blocked/);
  ok('go', 'blocklist', 'os.Args[1]');
  no('go', 'blocklist', 'call os.Getenv("HOME")', /blocked/);
  ok('go', 'blocklist', 'call a.Balance()');
  ok('go', 'blocklist', 'len(a.Entries) > 0 && a.Tags["region"] == "eu"');
  no('go', 'readonly', 'call a.Balance()', /'call' changes program state/);
  no('go', 'readonly', 'total = 3', /assigns/);
  ok('go', 'readonly', 'len(a.Entries) + cap(amounts) + int(fee)');
});

test("readonly: a user method is not side-effect free because the examples' methods had its name", () => {
  // a user class may define total() / balance() / describe() / summary() to write state
  for (const name of ['total', 'balance', 'describe']) no('python', 'readonly', `cart.${name}()`, new RegExp(`${name}\\(\\) is not known`));
  for (const name of ['describe', 'summary', 'balance']) no('java', 'readonly', `ledger.${name}()`, new RegExp(`${name}\\(\\) is not known`));
});

test('readonly: pure builtins take keyword arguments; an assignment anywhere is still refused', () => {
  ok('python', 'readonly', 'sorted(xs, reverse=True)');
  ok('python', 'readonly', 'sorted(xs, reverse = True)[:3] == max(a, b, default=0)');
  ok('python', 'readonly', 'int("ff", base=16) + round(x, ndigits=2)');
  ok('python', 'readonly', 'sorted(xs, reverse=(n == 1))');
  no('python', 'readonly', 'sorted(xs, key=lambda v: -v)', /'lambda'/);
  no('python', 'readonly', 'a, b = 1, 2', /assigns/);
  no('python', 'readonly', '(x := 3)', /assigns/);
  no('python', 'readonly', 'sorted(xs)[0] = 1', /assigns/);
  no('python', 'readonly', 'items.sort(reverse=True)', /sort\(\) is not known/);
  // a keyword argument is Python's: elsewhere `f(x = 1)` assigns
  no('node', 'readonly', 'Math.max(x = 1, 2)', /assigns/);
  no('java', 'readonly', 'Math.max(x = 1, 2)', /assigns/);
});
