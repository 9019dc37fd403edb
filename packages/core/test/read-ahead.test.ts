import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { ProgramReads, type ReadHost } from '../src/session/reads/program-reads.js';
import { Inspector } from '../src/session/reads/inspect.js';
import { ThreadTable } from '../src/session/threads/threads.js';
import type { DapClient } from '../src/session/connection/dap-client.js';
import type { Profile } from '../src/profiles/schema.js';
import { loadProfiles } from '../src/profiles/loader.js';
import type { SessionState, StopInfo } from '../src/session/types.js';

// debugpy's: Locals, then Globals (a secondary scope)
const variablesConfig = loadProfiles().find((p) => p.id === 'python')!.variables;

/** A stopped session's reads over a fake adapter that answers every request later, when told, and counts them. */
function setup() {
  const client = {} as DapClient;
  const sent: string[] = [];
  const answers: (() => void)[] = [];
  let locals = 'x=1';
  const host = {
    id: 's1',
    state: 'running' as SessionState,
    stop: undefined as StopInfo | undefined,
    exit: { summary: () => '', known: false, unknown: undefined },
    failure: undefined,
    profile: { variables: variablesConfig } as unknown as Profile,
    evalMode: 'unrestricted',
    threads: new ThreadTable(),
    targets: () => [client],
    activeClient: () => client,
    send: ((command: string, args: Record<string, unknown>) => {
      sent.push(`${command} ${JSON.stringify(args)}`);
      return new Promise((resolve) =>
        answers.push(() => {
          if (command === 'scopes') resolve({ scopes: [{ name: 'Locals', variablesReference: 8, expensive: false }, { name: 'Globals', variablesReference: 9, expensive: false }] satisfies DebugProtocol.Scope[] });
          else resolve({ variables: [{ name: locals.split('=')[0], value: locals.split('=')[1], variablesReference: 0 }] });
        }),
      );
    }) as unknown as ReadHost['send'],
  };
  const reads = new ProgramReads(host as unknown as ReadHost);
  const inspector = new Inspector(reads.target(), variablesConfig);
  const announce = () => {
    host.state = 'stopped';
    host.stop = { seq: 1, ready: true, reason: 'step', threadId: 1, allThreadsStopped: true, breakpointIds: [], frames: [{ id: 2, name: 'f', line: 3, column: 1 }], at: Date.now() };
    host.threads.entry(client, 1);
    host.threads.stopped(client, 1, host.stop);
  };
  const flush = async () => {
    for (let i = 0; i < 10; i++) {
      while (answers.length) answers.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { reads, inspector, sent, announce, flush, client, setLocals: (v: string) => (locals = v) };
}

test('reads asked for ahead of a stop are the ones its reads use, each asked once', async () => {
  const { reads, inspector, sent, announce, flush, client } = setup();
  const ahead = inspector.readAhead(reads.aheadTarget(client), 2, (scopes) => inspector.primary(scopes));
  await flush();
  await ahead;
  assert.deepEqual(sent, ['scopes {"frameId":2}', 'variables {"variablesReference":8}']);
  announce();
  const scopes = inspector.primary(await inspector.scopes(0));
  const { items } = await inspector.children(scopes[0]!.variablesReference);
  assert.deepEqual(items.map((v) => `${v.name}=${v.value}`), ['x=1']);
  assert.equal(sent.length, 2, 'no request asked again');
});

test('a read ahead is not kept once the reads were cleared (the program ran, or an evaluation): the reads ask again', async () => {
  const { reads, inspector, sent, announce, flush, client, setLocals } = setup();
  const ahead = inspector.readAhead(reads.aheadTarget(client), 2, (scopes) => inspector.primary(scopes));
  // cleared while the scopes answer is under way: the variables it names are not asked for ahead, nor kept
  reads.clear();
  await flush();
  await ahead;
  assert.deepEqual(sent, ['scopes {"frameId":2}']);
  setLocals('x=2');
  announce();
  const reading = (async () => {
    const scopes = inspector.primary(await inspector.scopes(0));
    return (await inspector.children(scopes[0]!.variablesReference)).items;
  })();
  await flush();
  assert.deepEqual((await reading).map((v) => `${v.name}=${v.value}`), ['x=2']);
  assert.deepEqual(sent.slice(1), ['scopes {"frameId":2}', 'variables {"variablesReference":8}']);
});
