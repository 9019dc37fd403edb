import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { ensureHostJar, hostDir } from './maven.js';

// The host as a DAP adapter in its own right: no gateway, just DAP over stdio.
const examples = join(hostDir, '..', '..', 'examples', 'java');
const ledger = join(examples, 'Ledger.java');
const lineOf = (text: string) => readFileSync(ledger, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

let dc: DebugClient;
let work: string;

before(async () => {
  const jar = await ensureHostJar();
  work = mkdtempSync(join(tmpdir(), 'dapgate-host-test-'));
  const javac = spawnSync('javac', ['-g', '-d', join(work, 'classes'), ledger], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(javac.status, 0, `javac failed: ${javac.stderr}`);
  // DebugClient spawns `runtime executable`; a java @argfile carries `-jar <host jar>`.
  writeFileSync(join(work, 'host.args'), `-jar "${jar}"\n`);
  dc = new DebugClient('java', `@${join(work, 'host.args')}`, 'java');
  dc.defaultTimeout = 30_000; // a JVM start on a busy machine
  await dc.start();
});

after(async () => {
  await dc?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function topFrame(threadId: number): Promise<DebugProtocol.StackFrame> {
  const st = await dc.stackTraceRequest({ threadId, startFrame: 0, levels: 20 });
  return st.body.stackFrames[0];
}

async function locals(frameId: number): Promise<Map<string, DebugProtocol.Variable>> {
  const scopes = await dc.scopesRequest({ frameId });
  const vars = await dc.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
  return new Map(vars.body.variables.map((v) => [v.name, v]));
}

test('java-debug host over stdio: launch Ledger, breakpoint, stack, variables, evaluate, step, run to exit', { timeout: 180_000 }, async () => {
  const line = lineOf('total = ledger.post(amount);');
  const init = await dc.initializeRequest({ adapterID: 'java', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
  assert.equal(init.success, true);
  const initialized = dc.waitForEvent('initialized');
  const launched = dc.launchRequest({
    mainClass: 'Ledger', classPaths: [join(work, 'classes')], sourcePaths: [examples], cwd: work, console: 'internalConsole',
  } as DebugProtocol.LaunchRequestArguments);
  await initialized;
  const bps = await dc.setBreakpointsRequest({ source: { path: ledger }, breakpoints: [{ line }] });
  assert.equal(bps.body.breakpoints[0].line, line);
  const stopped = dc.waitForEvent('stopped');
  await dc.configurationDoneRequest();
  await launched;
  const hit = (await stopped) as DebugProtocol.StoppedEvent;
  assert.equal(hit.body.reason, 'breakpoint');
  const threadId = hit.body.threadId!;

  const frame = await topFrame(threadId);
  assert.equal(frame.name, 'Ledger.main(String[])');
  assert.equal(frame.line, line);
  assert.equal(frame.source?.path, ledger);

  const vars = await locals(frame.id);
  assert.equal(vars.get('amount')?.value, '40');
  assert.equal(vars.get('step')?.value, '0');
  assert.ok(vars.get('amounts')!.variablesReference > 0, 'the array is expandable');
  const elements = await dc.variablesRequest({ variablesReference: vars.get('amounts')!.variablesReference });
  assert.deepEqual(elements.body.variables.map((v) => v.value), ['40', '-15', '70', '5', '-90', '-12']);

  const sum = await dc.evaluateRequest({ expression: 'amounts[1] * 2 + total', frameId: frame.id, context: 'repl' });
  assert.equal(sum.body.result, '-30');
  assert.equal(sum.body.type, 'int');
  const call = await dc.evaluateRequest({ expression: 'ledger.describe()', frameId: frame.id, context: 'repl' });
  assert.equal(call.body.result, '"ada has 0 entries"');
  const bad = await dc.evaluateRequest({ expression: 'nosuchvar', frameId: frame.id, context: 'repl' }).then(
    () => assert.fail('evaluating an unknown name must fail'),
    (e: Error) => e.message,
  );
  assert.match(bad, /cannot resolve 'nosuchvar'/);

  const scopes = await dc.scopesRequest({ frameId: frame.id });
  const set = await dc.setVariableRequest({ variablesReference: scopes.body.scopes[0].variablesReference, name: 'total', value: 'amount * 2 + 1' });
  assert.equal(set.body.value, '81', 'the value is a Java expression, evaluated in the frame');
  assert.equal((await dc.evaluateRequest({ expression: 'total', frameId: frame.id, context: 'repl' })).body.result, '81');
  const refused = await dc.setVariableRequest({ variablesReference: scopes.body.scopes[0].variablesReference, name: 'total', value: '"ten"' }).then(
    () => assert.fail('a String into an int must be refused'),
    (e: Error) => e.message,
  );
  assert.equal(refused, 'incompatible types: java.lang.String cannot be converted to int');

  const stepped = dc.waitForEvent('stopped');
  await dc.nextRequest({ threadId });
  assert.equal(((await stepped) as DebugProtocol.StoppedEvent).body.reason, 'step');
  const afterStep = await topFrame(threadId);
  assert.equal(afterStep.line, line - 2, 'over the call, back to the loop header');

  await dc.setBreakpointsRequest({ source: { path: ledger }, breakpoints: [] });
  const output = dc.assertOutput('stdout', 'final -5 ada has 6 entries', 30_000); // total is recomputed by post()
  const terminated = dc.waitForEvent('terminated', 30_000);
  await dc.continueRequest({ threadId });
  await output;
  await terminated;
});
