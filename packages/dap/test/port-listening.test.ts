import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { freePort, portState, waitForListener } from '../src/index.js';

test('a local port is told listening or not without connecting to it; a greeting is echoed before a connection probe closes', async () => {
  let connections = 0;
  let greeted = '';
  const server = createServer((socket) => {
    connections++;
    socket.on('data', (d) => {
      greeted += d.toString();
      socket.write(d); // echo, as a JDWP agent answers its handshake
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  const port = (server.address() as { port: number }).port;
  try {
    assert.equal(await portState('127.0.0.1', port), 'listening');
    assert.equal(await waitForListener('127.0.0.1', port, Date.now() + 2_000), true);
    if (process.platform === 'linux') assert.equal(connections, 0, 'looked up in /proc/net/tcp, not connected to');
    // a remote-looking host is probed by connecting: with a greeting, the target's protocol opens properly
    if (process.platform === 'linux') {
      assert.equal(await portState('127.0.0.2', port, { greeting: 'JDWP-Handshake' }), 'listening');
      assert.equal(connections, 1);
      assert.equal(greeted, 'JDWP-Handshake');
    }
  } finally {
    server.close();
  }
  const closed = await freePort();
  assert.equal(await portState('127.0.0.1', closed), 'refused');
  assert.equal(await waitForListener('127.0.0.1', closed, Date.now() + 600), false);
});
