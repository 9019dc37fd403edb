import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { installAdapter, loadProfiles, ProfileRegistry, resolveAdapter, configDir, type Profile } from '@dapgate/core';

/**
 * `dapgate demo`: a scripted MCP session, exactly as an agent would run it, against a dapgate
 * server started over stdio. Debugs examples/python/ledger.py (then examples/java/Ledger.java)
 * and prints the transcript.
 */
/** Installs a profile's adapter if needed; true, or why it could not. */
async function ensureInstalled(profile: Profile | undefined): Promise<true | string> {
  if (!profile) return 'no java profile';
  try {
    const s = await resolveAdapter(profile);
    if (!s.installed || s.outdated) await installAdapter(profile, (l) => console.log(`[setup] ${l}`));
    return true;
  } catch (e) {
    return (e as Error).message;
  }
}

class DemoFailure extends Error {}

/**
 * The server sees the environment the demo was started with (DAPGATE_CACHE_DIR, DAPGATE_EVAL_MODE,
 * JAVA_HOME, ...), as a client started from this shell would give it; only the saved state is
 * off, so the demo's breakpoints do not land in the user's.
 */
function serverEnvironment(): Record<string, string> {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  return { ...env, DAPGATE_STATE_DIR: 'off' };
}

export async function demoCommand(): Promise<number> {
  const repo = dirname(configDir());
  const program = join(repo, 'examples', 'python', 'ledger.py');
  const registry = new ProfileRegistry(loadProfiles());
  const python = registry.get('python')!;
  if (!(await resolveAdapter(python)).installed) await installAdapter(python, (l) => console.log(`[setup] ${l}`));
  const javaReady = await ensureInstalled(registry.get('java'));
  const lineOf = (text: string, file = program) => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

  const bin = resolve(process.argv[1] ?? join(repo, 'packages', 'mcp', 'bin', 'dapgate.mjs'));
  const client = new Client({ name: 'dapgate-demo', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin], stderr: 'ignore', env: serverEnvironment() }));
  let chars = 0;
  /** One tool call, printed; a call the script expects to succeed that fails ends the demo (exit 1). */
  const call = async (name: string, args: Record<string, unknown> = {}, expect: 'ok' | 'error' = 'ok') => {
    const started = Date.now();
    const r = (await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })) as { content: { type: string; text: string }[]; isError?: boolean };
    const text = r.content.map((c) => c.text).join('\n');
    chars += text.length;
    console.log(`\n>>> ${name} ${JSON.stringify(args)}${r.isError ? '  (error result)' : ''}  [${Date.now() - started} ms]`);
    console.log(text);
    if (Boolean(r.isError) !== (expect === 'error')) throw new DemoFailure(`${name} ${r.isError ? 'failed' : 'succeeded where the script expects an error'} (above)`);
    return r;
  };
  try {
    console.log('dapgate demo: an agent hunts for where the ledger total goes wrong (examples/python/ledger.py)');
    await call('debug_languages');
    await call('debug_launch', {
      program,
      breakpoints: [{ file: program, line: lineOf('total = acct.post(amount)'), condition: 'amount < 0' }],
    });
    await call('debug_step', { kind: 'into' });
    await call('debug_step', { kind: 'over', count: 2 });
    await call('debug_variables', { path: 'self.entries' });
    await call('debug_evaluate', { expression: 'self.balance()' });
    await call('debug_evaluate', { expression: 'i' }, 'error');
    await call('debug_step', { kind: 'out' });
    await call('debug_variables', { path: 'meta', depth: 2 });
    await call('debug_continue');
    await call('debug_breakpoints');
    await call('debug_breakpoint_remove', { all: true });
    await call('debug_continue');
    await call('debug_output');
    await call('debug_stop');

    const ledgerJava = join(repo, 'examples', 'java', 'Ledger.java');
    if (javaReady === true) {
      console.log('\n--- the same hunt in Java (examples/java/Ledger.java, java-debug) ---');
      await call('debug_launch', {
        program: ledgerJava,
        breakpoints: [{ file: ledgerJava, line: lineOf('entries.add(amount - fee);', ledgerJava), condition: 'amount < 0' }],
      });
      await call('debug_evaluate', { expression: 'amount - fee' });
      await call('debug_evaluate', { expression: 'describe() + ", balance " + balance()' });
      await call('debug_step', { kind: 'out' });
      await call('debug_breakpoint_remove', { all: true });
      await call('debug_continue');
    } else console.log(`\n(Java part skipped: ${javaReady})`);
    console.log(`\ndemo finished: ${chars} characters of tool output in total`);
    return 0;
  } catch (e) {
    if (!(e instanceof DemoFailure)) throw e;
    console.error(`\ndemo FAILED: ${e.message}`);
    return 1;
  } finally {
    await client.close();
  }
}
