import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { DapConnection } from '@dapgate/dap';
import { DapClient } from '../src/session/connection/dap-client.js';
import { GatewayError } from '../src/errors.js';

/** A client over in-memory streams: `adapter.say` sends a message to it, `sent` holds what it wrote. */
function pair() {
  const toClient = new PassThrough();
  const fromClient = new PassThrough();
  const sent: any[] = [];
  fromClient.on('data', (b: Buffer) => {
    for (const part of b.toString('utf8').split(/Content-Length: \d+\r\n\r\n/).filter(Boolean)) sent.push(JSON.parse(part));
  });
  const client = new DapClient(new DapConnection(toClient, fromClient, 2_000), 'fake-dap');
  const say = (m: object) => {
    const body = JSON.stringify(m);
    toClient.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  return { client, sent, say };
}

test('a request the adapter did not announce fails before it is sent', async () => {
  const { client, sent } = pair();
  await assert.rejects(client.request('setVariable', { variablesReference: 1, name: 'x', value: '1' }), (e: unknown) => e instanceof GatewayError && /fake-dap does not support 'setVariable'/.test(e.message) && e.step?.code === 'not-supported');
  assert.equal(client.supports('configurationDone'), false);
  assert.equal(client.supports('threads'), true, 'ungated requests are always allowed');
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent, [], 'nothing reached the adapter');
  client.close('test over');
});

test('capabilities come from initialize and are merged with a later capabilities event', async () => {
  const { client, sent, say } = pair();
  const init = client.initialize('fake', { timeoutMs: 2_000 });
  await new Promise((r) => setImmediate(r));
  assert.equal(sent[0]?.command, 'initialize');
  assert.equal(sent[0]?.arguments.adapterID, 'fake');
  say({ seq: 1, type: 'response', request_seq: sent[0].seq, command: 'initialize', success: true, body: { supportsConfigurationDoneRequest: true } });
  assert.deepEqual(await init, { supportsConfigurationDoneRequest: true });
  say({ seq: 2, type: 'event', event: 'capabilities', body: { capabilities: { supportsSetVariable: true } } });
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(client.capabilities, { supportsConfigurationDoneRequest: true, supportsSetVariable: true });
  assert.equal(client.supports('setVariable'), true);
  const body = client.request('stackTrace', { threadId: 1 });
  await new Promise((r) => setImmediate(r));
  say({ seq: 3, type: 'response', request_seq: sent[1].seq, command: 'stackTrace', success: true, body: { stackFrames: [{ id: 7, name: 'f', line: 3, column: 1 }], totalFrames: 1 } });
  assert.equal((await body)?.stackFrames[0]?.id, 7, 'the response body is returned, typed');
  client.close('test over');
});

test('nextEvent is bounded, and cut short by the connection closing', async () => {
  const { client, say } = pair();
  const ev = client.nextEvent('initialized', 2_000);
  say({ seq: 1, type: 'event', event: 'output', body: { output: 'x' } });
  say({ seq: 2, type: 'event', event: 'initialized' });
  assert.equal((await ev).event, 'initialized');
  await assert.rejects(client.nextEvent('initialized', 30), /no 'initialized' event within 30 ms/);
  const closing = client.nextEvent('initialized', 5_000);
  client.close('adapter gone');
  await assert.rejects(closing, /connection closed before 'initialized': adapter gone/);
});
