// Why a js-debug step costs ~40 ms per batch of CDP requests: Node's inspector writes each message
// on its own, without TCP_NODELAY, so a second message in a row waits for the client's delayed ACK.
// A raw WebSocket client (no js-debug) sends Runtime.evaluate once and twice per write to a
// `node --inspect` process and prints when the answers arrive; then shows that the inspector closes
// the connection on a WebSocket ping (so a client cannot use pings to force ACKs out). Then the
// same with dapgate's preload (adapters-config/patches/node_inspector_nodelay.cjs), which turns on
// TCP_NODELAY for the inspector's sockets.
//   node --import tsx e2e/bench/inspector-ack.ts [rounds]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { configDir } from '@dapgate/core';

const rounds = Number(process.argv[2] ?? 40);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A masked client frame (text: opcode 1, ping: 9); payloads under 64 KiB. */
function frame(payload: string, opcode = 1): Buffer {
  const p = Buffer.from(payload);
  const head = p.length < 126 ? Buffer.from([0x80 | opcode, 0x80 | p.length]) : Buffer.from([0x80 | opcode, 0x80 | 126, p.length >> 8, p.length & 255]);
  const mask = randomBytes(4);
  return Buffer.concat([head, mask, p.map((b, i) => b ^ mask[i % 4]!)]);
}

/** Starts `node --inspect` on a free port and opens a WebSocket to it; resolves once upgraded. */
async function inspectorSocket(preload: string[]): Promise<{ socket: Socket; end: () => void }> {
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', ...preload, '-e', 'setTimeout(() => {}, 60000)'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const end = () => child.kill();
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no inspector URL within 10 s')), 10_000);
    child.stderr!.on('data', (d: Buffer) => {
      const m = /ws:\/\/\S+/.exec(String(d));
      if (!m) return;
      clearTimeout(timer);
      resolve(new URL(m[0]));
    });
  });
  const socket = connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`));
    socket.once('data', (d) => (/^HTTP\/1\.1 101/.test(String(d)) ? resolve() : reject(new Error(String(d).split('\r\n')[0]))));
  });
  return { socket, end };
}

/** Sends `n` requests in one write; resolves with the arrival time (ms) of each answer. */
function exchange(socket: Socket, n: number, nextId: () => number): Promise<number[]> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const times: number[] = [];
    const onData = (d: Buffer) => {
      // the inspector sends small unmasked text frames; count them
      for (let off = 0; off < d.length; ) {
        const len = d[off + 1]! & 0x7f;
        off += len === 126 ? 4 + d.readUInt16BE(off + 2) : 2 + len;
        times.push(performance.now() - t0);
      }
      if (times.length < n) return;
      socket.off('data', onData);
      resolve(times);
    };
    socket.on('data', onData);
    socket.write(Buffer.concat(Array.from({ length: n }, () => frame(JSON.stringify({ id: nextId(), method: 'Runtime.evaluate', params: { expression: '1 + 1' } })))));
  });
}

/** Median time of one answer, and of the second answer when two requests go in one write. */
export async function inspectorAck(rounds: number, preload: string[]): Promise<{ single: number; second: number; socket: Socket; end: () => void }> {
  const { socket, end } = await inspectorSocket(preload);
  let id = 0;
  const single: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < rounds; i++) {
    single.push(...(await exchange(socket, 1, () => ++id)));
    second.push((await exchange(socket, 2, () => ++id))[1]!);
  }
  return { single: median(single), second: median(second), socket, end };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const plain = await inspectorAck(rounds, []);
  console.log(`node --inspect, ${rounds} rounds: one request per write answered in ${plain.single.toFixed(1)} ms (median); two per write: the second answer after ${plain.second.toFixed(1)} ms`);
  const { socket, end } = plain;
  const closed = new Promise<boolean>((resolve) => {
    socket.once('close', () => resolve(true));
    setTimeout(() => resolve(false), 2_000);
  });
  socket.write(frame('ping', 9));
  console.log(`a WebSocket ping: ${(await closed) ? 'the inspector closed the connection' : 'the connection stayed open'}`);
  socket.destroy();
  end();
  const fixed = await inspectorAck(rounds, ['--require', join(configDir(), 'patches', 'node_inspector_nodelay.cjs')]);
  console.log(`with dapgate's TCP_NODELAY preload: one request per write ${fixed.single.toFixed(1)} ms; two per write: the second after ${fixed.second.toFixed(1)} ms`);
  fixed.socket.destroy();
  fixed.end();
}
