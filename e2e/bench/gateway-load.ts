// Gateway-side load: event-loop delay while 8 sessions of mixed languages launch at once, and memory per session at 16.
import { join } from 'node:path';
import { type Gateway, lineOf, pyExample, repoRoot } from '../support/gateway.js';

type Row = [string, string, string, string];

async function health(g: Gateway) {
  return (await g.ok('debug_diagnose')).structured.gateway as { eventLoopDelayMs: { p99: number; max: number; samples: number }; rssMb: number; heapUsedMb: number };
}

/** Launches `programs` at once; resolves with their session ids (every launch must succeed). */
async function launchAll(g: Gateway, launches: Record<string, unknown>[]): Promise<string[]> {
  const replies = await Promise.all(launches.map((l) => g.ok('debug_launch', l, 180_000)));
  return replies.map((r) => r.structured.sessionId as string);
}

export async function gatewayLoad(g: Gateway, log: (line: string) => void): Promise<Row[]> {
  const ledger = pyExample('ledger.py');
  const postJs = join(repoRoot, 'e2e', 'bench', 'programs', 'post.js');
  const ledgerJava = join(repoRoot, 'examples', 'java', 'Ledger.java');
  const loop = pyExample('loop.py');
  const mixed = [
    { program: ledger, breakpoints: [{ file: ledger, line: lineOf(ledger, 'fee = 1 if amount < 0') }] },
    { program: postJs, breakpoints: [{ file: postJs, line: lineOf(postJs, 'const fee = amount < 0') }] },
    { program: ledgerJava, breakpoints: [{ file: ledgerJava, line: lineOf(ledgerJava, 'total = ledger.post(amount);') }] },
    { program: loop, args: ['120'] },
  ];
  const rows: Row[] = [];
  // a first session warms each language (pool, caches) and gives debug_diagnose a session to read through
  const warm = await launchAll(g, mixed);
  for (const id of warm) await g.ok('debug_stop', { sessionId: id });
  await g.ok('debug_breakpoint_remove', { all: true });
  const anchor = await launchAll(g, [{ program: loop, args: ['600'] }]);
  await health(g); // starts a new measuring window
  const t = performance.now();
  const eight = await launchAll(g, [...mixed, ...mixed]);
  const launchMs = performance.now() - t;
  const during = await health(g);
  log(`8 mixed launches in ${launchMs.toFixed(0)} ms; event loop ${JSON.stringify(during.eventLoopDelayMs)}`);
  rows.push([
    'event-loop delay p99 while 8 sessions (python, node, java, python running) launch at once',
    `${during.eventLoopDelayMs.p99} ms (max ${during.eventLoopDelayMs.max} ms)`,
    'target: <= 50 ms',
    `${(launchMs / 1000).toFixed(1)} s for all 8`,
  ]);
  for (const id of eight) await g.ok('debug_stop', { sessionId: id });
  await g.ok('debug_breakpoint_remove', { all: true });

  (globalThis as { gc?: () => void }).gc?.();
  const before = await health(g);
  const sixteen = await launchAll(g, Array.from({ length: 16 }, () => ({ program: loop, args: ['600'] })));
  const after = await health(g);
  const perSession = (after.rssMb - before.rssMb) / 16;
  const heapPer = (after.heapUsedMb - before.heapUsedMb) / 16;
  rows.push([
    'gateway memory per session, 16 running Python sessions (rss growth / 16)',
    `${perSession.toFixed(2)} MB (heap ${heapPer.toFixed(2)} MB)`,
    'target: <= 5 MB',
    `rss ${before.rssMb} -> ${after.rssMb} MB`,
  ]);
  for (const id of [...sixteen, ...anchor]) await g.ok('debug_stop', { sessionId: id });
  return rows;
}
