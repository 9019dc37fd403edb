import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BreakpointBook } from '../src/breakpoints/book.js';
import { BreakpointSync } from '../src/session/breakpoints/breakpoint-sync.js';
import type { DapClient } from '../src/session/connection/dap-client.js';

const file = join(mkdtempSync(join(tmpdir(), 'dapgate-sync-')), 'app.py');
writeFileSync(file, 'a = 1\nb = 2\nc = 3\n');

/** A connection that answers setBreakpoints only when told to, so events can come first. */
function setup() {
  const book = new BreakpointBook();
  const client = { capabilities: { supportsConditionalBreakpoints: true } } as unknown as DapClient;
  let answer: (body: { breakpoints: DebugProtocol.Breakpoint[] }) => void = () => undefined;
  const sync = new BreakpointSync({
    sessionId: 's1',
    adapterName: 'fake',
    book,
    live: true,
    defaultExceptionFilters: undefined,
    pausedAt: () => undefined,
    connections: () => [client],
    ready: () => [client],
    active: () => client,
    send: (() => new Promise((resolve) => (answer = resolve as typeof answer))) as never,
  });
  return { book, client, sync, answer: (b: DebugProtocol.Breakpoint[]) => answer({ breakpoints: b }) };
}

test('a breakpoint event that arrives before its setBreakpoints response is kept and applied', async () => {
  const { book, client, sync, answer } = setup();
  const bp = book.add({ file, line: 2 });
  const sent = sync.file(file, [client]);
  // the adapter verifies (and moves) breakpoint 7 before answering the request that creates it
  sync.onEvent(client, 'changed', { id: 7, verified: true, line: 3 });
  answer([{ id: 7, verified: false, line: 2 }]);
  await sent;
  const binding = bp.bindings.get('s1');
  assert.deepEqual({ verified: binding?.verified, line: binding?.line, adapterId: binding?.adapterId }, { verified: true, line: 3, adapterId: 7 });
  assert.equal(sync.byAdapterId(client, 7)?.id, bp.id);
});

test('a later event updates the binding; removed events and unknown ids change nothing bound', async () => {
  const { book, client, sync, answer } = setup();
  const bp = book.add({ file, line: 1 });
  const sent = sync.file(file, [client]);
  answer([{ id: 3, verified: false, message: 'pending' }]);
  await sent;
  assert.equal(bp.bindings.get('s1')?.verified, false);
  sync.onEvent(client, 'changed', { id: 3, verified: true, line: 1 });
  assert.equal(bp.bindings.get('s1')?.verified, true);
  sync.onEvent(client, 'removed', { id: 3, verified: false });
  assert.equal(bp.bindings.get('s1')?.verified, true);
  sync.onEvent(client, 'changed', { id: 99, verified: true });
  assert.equal(sync.byAdapterId(client, 99), undefined);
});

test('a stop is attributed by hitBreakpointIds, counted, and a temporary breakpoint is removed', async () => {
  const { book, client, sync, answer } = setup();
  const keep = book.add({ file, line: 1 });
  const once = book.add({ file, line: 3, temporary: true });
  const sent = sync.file(file, [client]);
  answer([{ id: 1, verified: true, line: 1 }, { id: 2, verified: true, line: 3 }]);
  await sent;
  assert.deepEqual(await sync.onStop(client, { reason: 'breakpoint', hitBreakpointIds: [2] }, undefined), { ids: [once.id], resume: false });
  assert.equal(book.get(once.id), undefined, 'temporary breakpoint removed after its hit');
  const top = { id: 1, name: 'f', line: 1, column: 1, source: { path: file } };
  assert.deepEqual(await sync.onStop(client, { reason: 'breakpoint' }, top), { ids: [keep.id], resume: false }, 'without ids: the bound line where it stopped');
  assert.equal(keep.hits, 1);
  assert.deepEqual(await sync.onStop(client, { reason: 'step' }, top), { ids: [], resume: false }, 'a step is no breakpoint hit');
});

test('hit conditions are the gateway\'s: skipped hits resume, counted either way; a temporary one goes only when it stops', async () => {
  const { book, client, sync, answer } = setup();
  const every3 = book.add({ file, line: 1, hitCondition: '% 3', temporary: true });
  const sent = sync.file(file, [client]);
  answer([{ id: 1, verified: true, line: 1 }]);
  await sent;
  const stop = () => sync.onStop(client, { reason: 'breakpoint', hitBreakpointIds: [1] }, undefined);
  assert.deepEqual(await stop(), { ids: [every3.id], resume: true });
  assert.deepEqual(await stop(), { ids: [every3.id], resume: true });
  assert.equal(book.get(every3.id)?.hits, 2);
  assert.deepEqual(await stop(), { ids: [every3.id], resume: false }, 'the 3rd hit stops');
  assert.equal(book.get(every3.id), undefined, 'temporary: removed once it stopped');
});

test('a stop that arrives before the setBreakpoints answer is attributed once the answer is in: the hit condition still skips', async () => {
  const { book, client, sync, answer } = setup();
  const second = book.add({ file, line: 2, hitCondition: '2' });
  const sent = sync.file(file, [client]);
  // the adapter bound it one line further (3) and hit it before its answer was read
  const top = { id: 1, name: 'f', line: 3, column: 1, source: { path: file } };
  const first = sync.onStop(client, { reason: 'breakpoint', hitBreakpointIds: [7] }, top);
  answer([{ id: 7, verified: true, line: 3 }]);
  await sent;
  assert.deepEqual(await first, { ids: [second.id], resume: true }, 'the first hit is skipped, not shown as a plain stop');
  assert.deepEqual(await sync.onStop(client, { reason: 'breakpoint', hitBreakpointIds: [7] }, top), { ids: [second.id], resume: false }, 'the second hit stops');
});

test('hit conditions count this session\'s hits: a new session, or the breakpoint set again on its line, counts from 1', async () => {
  const first = setup();
  const old = first.book.add({ file, line: 1 });
  const sent = first.sync.file(file, [first.client]);
  first.answer([{ id: 1, verified: true, line: 1 }]);
  await sent;
  await first.sync.onStop(first.client, { reason: 'breakpoint', hitBreakpointIds: [1] }, undefined);
  assert.equal(old.hits, 1);
  // set again on the same line, now with a hit condition (the book keeps its id and total)
  const again = first.book.add({ file, line: 1, hitCondition: '2' });
  assert.equal(again.id, old.id);
  const resent = first.sync.file(file, [first.client]);
  first.answer([{ id: 2, verified: true, line: 1 }]);
  await resent;
  const hit = () => first.sync.onStop(first.client, { reason: 'breakpoint', hitBreakpointIds: [2] }, undefined);
  assert.deepEqual(await hit(), { ids: [again.id], resume: true }, 'its first hit is not its second');
  assert.deepEqual(await hit(), { ids: [again.id], resume: false });
  assert.equal(again.hits, 3, 'the total over every hit is still shown');
  // another session (a new launch) of the same book
  const client = { capabilities: {} } as unknown as DapClient;
  let reply: (body: { breakpoints: DebugProtocol.Breakpoint[] }) => void = () => undefined;
  const next = new BreakpointSync({
    sessionId: 's2',
    adapterName: 'fake',
    book: first.book,
    live: true,
    defaultExceptionFilters: undefined,
    pausedAt: () => undefined,
    connections: () => [client],
    ready: () => [client],
    active: () => client,
    send: (() => new Promise((resolve) => (reply = resolve as typeof reply))) as never,
  });
  const bound = next.file(file, [client]);
  reply({ breakpoints: [{ id: 1, verified: true, line: 1 }] });
  await bound;
  const hit2 = () => next.onStop(client, { reason: 'breakpoint', hitBreakpointIds: [1] }, undefined);
  assert.deepEqual(await hit2(), { ids: [again.id], resume: true }, 'a new session counts from 1');
  assert.deepEqual(await hit2(), { ids: [again.id], resume: false }, 'and stops on its own 2nd hit');
});

test('a breakpoint named twice in one stop is one hit', async () => {
  const { book, client, sync, answer } = setup();
  const bp = book.add({ file, line: 1, hitCondition: '2' });
  const sent = sync.file(file, [client]);
  answer([{ id: 4, verified: true, line: 1 }]);
  await sent;
  assert.deepEqual(await sync.onStop(client, { reason: 'breakpoint', hitBreakpointIds: [4, 4] }, undefined), { ids: [bp.id], resume: true });
  assert.equal(bp.hits, 1);
});

test('a function breakpoint owned by one session is sent to that session only', () => {
  const book = new BreakpointBook();
  const everyone = book.add({ function: 'main.f' });
  const own = book.add({ function: 'testing.(*common).Fail', sessionId: 's7', temporary: true });
  assert.deepEqual(book.functions('s7').map((b) => b.id), [everyone.id, own.id]);
  assert.deepEqual(book.functions('s8').map((b) => b.id), [everyone.id]);
  const again = book.add({ function: 'testing.(*common).Fail' });
  assert.notEqual(again.id, own.id, 'the same function for everyone is another breakpoint');
});

test('exception filters the adapter refuses while configuring (delve: "debuggee is running") do not fail the session; they are sent at the first stop', async () => {
  const book = new BreakpointBook();
  const client = { capabilities: { exceptionBreakpointFilters: [{ filter: 'unrecovered-panic', label: 'panics', default: true }] } } as unknown as DapClient;
  const sent: string[] = [];
  let refuse = true;
  const sync = new BreakpointSync({
    sessionId: 's1',
    adapterName: 'fake',
    book,
    live: true,
    defaultExceptionFilters: undefined,
    pausedAt: () => undefined,
    connections: () => [client],
    ready: () => [client],
    active: () => client,
    send: (async (command: string) => {
      sent.push(command);
      if (command === 'setExceptionBreakpoints' && refuse) throw new Error('Unable to process `setExceptionBreakpoints`: debuggee is running');
      return {};
    }) as never,
  });
  await sync.prepare(client, 1000);
  assert.deepEqual(sync.exceptionFilters, [], 'not in force');
  assert.match(sync.unsetFilters!.reason, /debuggee is running/);
  refuse = false;
  await sync.onStop(client, { reason: 'pause', threadId: 1 }, undefined);
  assert.deepEqual(sync.exceptionFilters, ['unrecovered-panic']);
  assert.equal(sync.unsetFilters, undefined);
  assert.deepEqual(sent, ['setExceptionBreakpoints', 'setExceptionBreakpoints']);
});

test("a session gets the workspace's breakpoints and its own, not another session's; a workspace one on its own line is sent once and its stops are its own", async () => {
  const { book, client, sync, answer } = setup();
  const workspace = book.add({ file, line: 1 });
  const other = book.add({ file, line: 2, sessionId: 's9' });
  const own = book.add({ file, line: 1, sessionId: 's1' });
  const sent = sync.file(file, [client]);
  answer([{ id: 5, verified: true, line: 1 }]);
  await sent;
  assert.equal(workspace.bindings.get('s1')?.adapterId, 5);
  assert.equal(own.bindings.get('s1')?.adapterId, 5);
  assert.equal(other.bindings.get('s1'), undefined, "another session's own breakpoint is not sent");
  assert.deepEqual(await sync.onStop(client, { reason: 'breakpoint', hitBreakpointIds: [5] }, undefined), { ids: [own.id], resume: false });
});

test('a breakpoint the adapter places in another file is not bound there', async () => {
  const { book, client, sync, answer } = setup();
  const bp = book.add({ file, line: 3 });
  const sent = sync.file(file, [client]);
  answer([{ id: 4, verified: true, line: 5, source: { path: '/elsewhere/lib/search-params.js' } }]);
  await sent;
  const binding = bp.bindings.get('s1');
  assert.equal(binding?.verified, false);
  assert.match(binding?.message ?? '', /another file \(\/elsewhere\/lib\/search-params\.js:5\)/);
  assert.equal(sync.byAdapterId(client, 4), undefined, 'its stops there are not its hits');
});
