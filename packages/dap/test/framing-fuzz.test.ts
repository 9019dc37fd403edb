import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MessageReader, encodeMessage } from '../src/framing.js';

// Replay a failure with FC_SEED=<seed printed below> (and FC_PATH=<path fast-check reports>).
const seed = Number(process.env.FC_SEED) || Date.now() ^ (Math.random() * 0x7fffffff);
const path = process.env.FC_PATH;
const numRuns = Number(process.env.FC_RUNS) || 300;
console.log(`framing fuzz: seed ${seed}${path ? ` path ${path}` : ''}, ${numRuns} runs per property`);
const settings = { seed, path, numRuns };

const message = fc.record({
  seq: fc.nat(),
  type: fc.constantFrom('event', 'response', 'request'),
  body: fc.jsonValue({ maxDepth: 3 }),
  text: fc.string({ unit: 'binary', maxLength: 200 }), // any code points, multi-byte UTF-8 included
});

/** Cuts `bytes` at the given points (sorted, deduplicated) into chunks. */
function chunks(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  return out;
}

function read(parts: Buffer[]): { messages: unknown[]; errors: Error[] } {
  const messages: unknown[] = [];
  const errors: Error[] = [];
  const reader = new MessageReader((m) => messages.push(m), (e) => errors.push(e));
  for (const part of parts) reader.push(part);
  return { messages, errors };
}

test('any messages cut at any chunk boundaries arrive whole, in order, without errors', () => {
  fc.assert(
    fc.property(fc.array(message, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 40 }), (messages, cuts) => {
      const bytes = Buffer.concat(messages.map((m) => encodeMessage(m as never)));
      const got = read(chunks(bytes, cuts));
      assert.deepEqual(got.errors, []);
      assert.deepEqual(got.messages, JSON.parse(JSON.stringify(messages)));
    }),
    settings,
  );
});

test('noise before each header (no blank line, no Content-Length in it) does not lose a message', () => {
  const noise = fc.string({ maxLength: 60 }).filter((s) => !s.includes('\r\n\r\n') && !/content-length/i.test(s) && !s.endsWith('\r\n\r') && !s.endsWith('\r'));
  fc.assert(
    fc.property(fc.array(fc.tuple(noise, message), { maxLength: 10 }), fc.array(fc.nat(), { maxLength: 30 }), (framed, cuts) => {
      const bytes = Buffer.concat(framed.flatMap(([n, m]) => [Buffer.from(n, 'utf8'), encodeMessage(m as never)]));
      const got = read(chunks(bytes, cuts));
      assert.deepEqual(got.messages, JSON.parse(JSON.stringify(framed.map(([, m]) => m))));
    }),
    settings,
  );
});

test('frames with garbage bodies are reported and skipped; the messages around them arrive', () => {
  const garbage = fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }).filter((s) => {
    try {
      const v = JSON.parse(s);
      return !v || typeof v !== 'object' || typeof v.type !== 'string';
    } catch {
      return true;
    }
  });
  const frame = fc.oneof(message.map((m) => ({ good: m as unknown })), garbage.map((g) => ({ bad: g })));
  fc.assert(
    fc.property(fc.array(frame, { maxLength: 15 }), fc.array(fc.nat(), { maxLength: 30 }), (frames, cuts) => {
      const bytes = Buffer.concat(
        frames.map((f) => {
          if ('good' in f) return encodeMessage(f.good as never);
          const body = Buffer.from(f.bad, 'utf8');
          return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
        }),
      );
      const got = read(chunks(bytes, cuts));
      assert.deepEqual(got.messages, JSON.parse(JSON.stringify(frames.flatMap((f) => ('good' in f ? [f.good] : [])))));
      assert.equal(got.errors.length, frames.filter((f) => 'bad' in f).length);
    }),
    settings,
  );
});

test('a stream cut anywhere (truncated body or header) delivers exactly the complete frames before the cut', () => {
  fc.assert(
    fc.property(fc.array(message, { minLength: 1, maxLength: 10 }), fc.nat(), fc.array(fc.nat(), { maxLength: 20 }), (messages, cutAt, cuts) => {
      const frames = messages.map((m) => encodeMessage(m as never));
      const bytes = Buffer.concat(frames);
      const end = cutAt % (bytes.length + 1);
      let complete = 0;
      for (let size = frames[0]!.length; complete < frames.length && size <= end; size += frames[complete]?.length ?? 0) complete++;
      const got = read(chunks(bytes.subarray(0, end), cuts));
      assert.deepEqual(got.errors, []);
      assert.deepEqual(got.messages, JSON.parse(JSON.stringify(messages.slice(0, complete))));
    }),
    settings,
  );
});

test('random bytes never make the reader throw, and whatever it emits is a protocol message', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.uint8Array({ maxLength: 200 }), message.map((m) => new Uint8Array(encodeMessage(m as never)))), { maxLength: 20 }), (parts) => {
      const got = read(parts.map((p) => Buffer.from(p)));
      for (const m of got.messages) assert.equal(typeof (m as { type?: unknown }).type, 'string');
    }),
    settings,
  );
});
