// Preloaded into Node debuggees (NODE_OPTIONS --require, after js-debug's bootloader): turns on
// TCP_NODELAY for this process's inspector sockets. Node's inspector writes each CDP message on
// its own without TCP_NODELAY, so whenever it has two messages in a row (an evaluation's
// Debugger.scriptParsed and its result) the second waits for the debugger's delayed ACK, ~40 ms on
// Linux; a step pays that several times. JavaScript cannot set a socket option on a descriptor it
// does not own, so a short-lived child Node inherits the inspector's listening and connected
// sockets and sets the option on them (socket options belong to the socket, not to the descriptor;
// Linux copies TCP_NODELAY from a listening socket to the connections it accepts later). Linux
// only (it finds the sockets through /proc); elsewhere, or on any failure, it does nothing: the
// program must run exactly as without it, only its inspector answers later.
'use strict';

(() => {
  if (process.platform !== 'linux' || !safe(() => require('worker_threads').isMainThread, false)) return;
  const fs = require('fs');
  const url = safe(() => require('inspector').url());
  const port = url ? Number(new URL(url).port) : 0;
  if (!port) return;
  // A second pass: a debugger that connected while the first child ran was accepted before the
  // listening socket had the option, so it did not inherit it.
  const done = new Set();
  for (let pass = 0; pass < 2; pass++) {
    const inodes = [...inspectorSocketInodes(port)].filter((i) => !done.has(i));
    if (!inodes.length) return;
    const fds = [];
    for (const fd of safe(() => fs.readdirSync('/proc/self/fd'), [])) {
      const m = /^socket:\[(\d+)\]$/.exec(safe(() => fs.readlinkSync(`/proc/self/fd/${fd}`), ''));
      if (m && inodes.includes(m[1])) fds.push(Number(fd));
    }
    for (const i of inodes) done.add(i);
    if (!fds.length) return;
    const setter = `const net=require('net');for(let fd=3;fd<${3 + fds.length};fd++){try{new net.Socket({fd,readable:false,writable:false}).setNoDelay(true)}catch{}}process.exit(0)`;
    // Its own environment: no NODE_OPTIONS, so neither js-debug's bootloader nor this file runs in it.
    safe(() => require('child_process').spawnSync(process.execPath, ['-e', setter], { stdio: ['ignore', 'ignore', 'ignore', ...fds], env: { ELECTRON_RUN_AS_NODE: '1' }, timeout: 5000, windowsHide: true }));
  }
})();

/** Inodes of the TCP sockets on the inspector's port: the listening one and its connections. */
function inspectorSocketInodes(port) {
  const inodes = new Set();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = safe(() => require('fs').readFileSync(table, 'utf8').split('\n').slice(1), []);
    for (const line of lines) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[1].endsWith(`:${hexPort}`) && f[9] !== '0') inodes.add(f[9]);
    }
  }
  return inodes;
}

function safe(f, fallback) {
  try {
    return f();
  } catch {
    return fallback;
  }
}
