// Preloaded into js-debug's DAP server (`node --require` in node.json's adapter command): turns on
// TCP_NODELAY for each DAP connection it accepts. js-debug writes each DAP message on its own, and
// often two in a row (an evaluate's response and an output event); without TCP_NODELAY the second,
// and every answer queued behind it, waits for the client's delayed ACK, ~40 ms on Linux.
'use strict';

const net = require('net');
const createServer = net.createServer;
net.createServer = function (...args) {
  const server = createServer.apply(this, args);
  server.on('connection', (socket) => socket.setNoDelay(true));
  return server;
};
