import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { ensureHostJar, hostDir } from './maven.js';

// The host's own step handler (fewer JDWP round trips than the core's) must step exactly as the
// core did: lines, frames, return values, a step sent the moment the last one stopped.
const examples = join(hostDir, '..', '..', 'examples', 'java');
const ledger = join(examples, 'Ledger.java');
const lineOf = (text: string) => readFileSync(ledger, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

let dc: DebugClient;
let work: string;

before(async () => {
  const jar = await ensureHostJar();
  work = mkdtempSync(join(tmpdir(), 'dapgate-host-steps-'));
  const javac = spawnSync('javac', ['-g', '-d', join(work, 'classes'), ledger], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(javac.status, 0, `javac failed: ${javac.stderr}`);
  writeFileSync(join(work, 'host.args'), `-jar "${jar}"\n`);
  dc = new DebugClient('java', `@${join(work, 'host.args')}`, 'java');
  dc.defaultTimeout = 30_000;
  await dc.start();
});

after(async () => {
  await dc?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function top(threadId: number): Promise<DebugProtocol.StackFrame[]> {
  return (await dc.stackTraceRequest({ threadId, startFrame: 0, levels: 20 })).body.stackFrames;
}

async function locals(frameId: number): Promise<Map<string, string>> {
  const scopes = await dc.scopesRequest({ frameId });
  const vars = await dc.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
  return new Map(vars.body.variables.map((v) => [v.name, v.value]));
}

async function step(kind: 'next' | 'stepIn' | 'stepOut', threadId: number): Promise<void> {
  const stopped = dc.waitForEvent('stopped');
  if (kind === 'next') await dc.nextRequest({ threadId });
  else if (kind === 'stepIn') await dc.stepInRequest({ threadId });
  else await dc.stepOutRequest({ threadId });
  assert.equal(((await stopped) as DebugProtocol.StoppedEvent).body.reason, 'step');
}

test('java-debug host steps: over and out of calls with their return values, into a method, back to back', { timeout: 180_000 }, async () => {
  const call = lineOf('total = ledger.post(amount);');
  const header = lineOf('for (int step = 0;');
  const read = lineOf('int amount = amounts[step];');
  const fee = lineOf('int fee = amount < 0 ? 1 : 0;');
  await dc.initializeRequest({ adapterID: 'java', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
  const initialized = dc.waitForEvent('initialized');
  const launched = dc.launchRequest({
    mainClass: 'Ledger', classPaths: [join(work, 'classes')], sourcePaths: [examples], cwd: work, console: 'internalConsole',
  } as DebugProtocol.LaunchRequestArguments);
  await initialized;
  await dc.setBreakpointsRequest({ source: { path: ledger }, breakpoints: [{ line: call }] });
  const stopped = dc.waitForEvent('stopped');
  await dc.configurationDoneRequest();
  await launched;
  const threadId = ((await stopped) as DebugProtocol.StoppedEvent).body.threadId!;
  await dc.setBreakpointsRequest({ source: { path: ledger }, breakpoints: [] });

  await step('next', threadId); // over post(40)
  let frames = await top(threadId);
  assert.equal(frames[0]!.line, header);
  assert.equal(frames.length, 1);
  // java-debug's return value is the stepping method's own, as it returns: not a call stepped over
  assert.equal((await locals(frames[0]!.id)).get('->post()'), undefined);

  await step('next', threadId);
  await step('next', threadId);
  assert.equal((await top(threadId))[0]!.line, call);
  await step('stepIn', threadId);
  frames = await top(threadId);
  assert.deepEqual(frames.map((f) => [f.name, f.line]), [['Ledger.post(int)', fee], ['Ledger.main(String[])', call]]);
  assert.equal((await locals(frames[0]!.id)).get('amount'), '-15');
  await step('next', threadId);
  await step('next', threadId);
  assert.equal((await top(threadId))[0]!.line, lineOf('return balance();'));
  await step('next', threadId); // over the return, back into main
  frames = await top(threadId);
  assert.deepEqual(frames.map((f) => [f.name, f.line]), [['Ledger.main(String[])', call]]);
  assert.equal((await locals(frames[0]!.id)).get('->post()'), '24', 'post(-15) returned 40 + (-15 - 1)');

  for (const kind of ['next', 'next', 'next', 'stepIn', 'stepOut'] as const) await step(kind, threadId);
  frames = await top(threadId);
  assert.equal(frames[0]!.name, 'Ledger.main(String[])');
  assert.equal((await locals(frames[0]!.id)).get('->post()'), '94', 'step out of post(70): 24 + 70');

  // each step sent as soon as the last one stopped, no stack read between them
  for (let i = 0; i < 6; i++) await step('next', threadId);
  frames = await top(threadId);
  const vars = await locals(frames[0]!.id);
  assert.deepEqual([frames[0]!.line, vars.get('step'), vars.get('total'), vars.get('->post()')], [call, '4', '99', undefined], 'two loop passes on');

  const output = dc.assertOutput('stdout', 'final -5 ada has 6 entries', 30_000);
  const terminated = dc.waitForEvent('terminated', 30_000);
  await dc.continueRequest({ threadId });
  await output;
  await terminated;
});
