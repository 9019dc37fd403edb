import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { checkExpression } from '../src/policy/evaluation.js';
import { loadProfiles, ProfileRegistry } from '../src/profiles/loader.js';
import { systemPackageHint, installHint } from '../src/adapters/resolver.js';
import { describeLldbExit, lldbCommonVars, lldbExitSignal } from '../src/profiles/hooks/lldb-common.js';

const examples = resolve(import.meta.dirname, '..', '..', '..', 'examples');
const registry = new ProfileRegistry(loadProfiles());

test('a project folder picks its profile by its project file; sources by extension', async () => {
  assert.equal((await registry.pick(undefined, join(examples, 'rust'))).id, 'rust');
  assert.equal((await registry.pick(undefined, join(examples, 'dotnet'))).id, 'dotnet');
  assert.equal((await registry.pick(undefined, join(examples, 'c', 'ledger.c'))).id, 'lldb');
  assert.equal((await registry.pick(undefined, join(examples, 'cpp', 'inventory.cpp'))).id, 'lldb');
  assert.equal((await registry.pick('cpp', undefined)).id, 'lldb');
  await assert.rejects(() => registry.pick(undefined, join(examples, 'c')), /cannot tell the language/);
});

test('system-package installs print the command for this platform only, and never run it', () => {
  const hint = systemPackageHint({ linux: 'apt-get install x', darwin: 'brew install x', win32: 'winget install x' }, 'or set X_PATH', 'darwin');
  assert.equal(hint, 'macOS: brew install x; or set X_PATH');
  assert.equal(systemPackageHint({ linux: 'apt-get install x' }, undefined, 'darwin'), 'Linux: apt-get install x', 'a platform without a command gets the ones there are');
  const lldb = registry.get('lldb')!;
  assert.match(systemPackageHint((lldb.adapter.install as { commands: Record<string, string> }).commands, undefined, 'linux'), /apt-get install -y lldb-19/);
  assert.match(installHint(lldb), /DAPGATE_LLDB_DAP_PATH/);
});

test("the .NET fix is one short text: this platform's download, the releases page once, the SDK", () => {
  const dotnet = registry.get('dotnet')!;
  for (const platform of ['linux', 'darwin', 'win32']) {
    const hint = systemPackageHint((dotnet.adapter.install as { commands: Record<string, string> }).commands, (dotnet.adapter.install as { notes?: string }).notes, platform);
    assert.ok(hint.length <= 300, `${platform}: ${hint.length} characters: ${hint}`);
    assert.equal(hint.split('github.com/Samsung/netcoredbg/releases').length - 1, 1, hint);
    assert.match(hint, /DAPGATE_NETCOREDBG_PATH/);
    assert.match(hint, /\.NET SDK/);
  }
  assert.ok(dotnet.unverified, 'the .NET profile says why it is not verified here');
});

test('an lldb exit status says when it was a signal, and when it cannot tell', () => {
  // after a stop for SIGSEGV, status 11 is that signal (named instead of a code), so no hedge
  assert.equal(lldbExitSignal(11, 'signal SIGSEGV: address not mapped to object'), 'SIGSEGV');
  assert.equal(describeLldbExit(11, 'signal SIGSEGV: address not mapped to object'), undefined);
  assert.equal(lldbExitSignal(9, undefined), undefined);
  assert.match(describeLldbExit(9, undefined)!, /^or signal SIGKILL: lldb reports exit\(9\) and death by signal 9 alike/);
  assert.equal(describeLldbExit(0, undefined), undefined);
  assert.equal(describeLldbExit(101, 'breakpoint 1.1'), undefined);
});

test("the agent's initCommands run after the profile's, not instead of them", () => {
  const vars: Record<string, any> = { cwd: '/', env: { A: '1' }, adapterArgs: { initCommands: ['settings show x'], stopOnEntry: true } };
  lldbCommonVars(vars as any, ['?command script import "f.py"'], ['?breakpoint set --name rust_panic']);
  assert.deepEqual(vars.initCommands, ['?command script import "f.py"', 'settings show x']);
  assert.deepEqual(vars.preRunCommands, ['?breakpoint set --name rust_panic']);
  assert.deepEqual(vars.envList, ['A=1']);
  assert.deepEqual(vars.adapterArgs, { stopOnEntry: true });
});

test('native blocklist refuses process, file and lldb-command escapes; allows plain reads', () => {
  const lldb = registry.get('lldb')!;
  for (const bad of ['system("ls")', 'fopen("/etc/passwd", "r")', '`platform shell ls`', 'getenv("HOME")', 'std::filesystem::remove("x")', 'exit(1)']) {
    assert.throws(() => checkExpression(lldb, 'blocklist', bad, 'evaluate'), /refused/, bad);
  }
  for (const good of ['acct.balance + 1', 'items.size()', 'fee_for(5)', 'head->next']) {
    assert.doesNotThrow(() => checkExpression(lldb, 'blocklist', good, 'evaluate'), good);
  }
  assert.doesNotThrow(() => checkExpression(registry.get('rust')!, 'readonly', 'acct.entries.len()', 'evaluate'));
});
