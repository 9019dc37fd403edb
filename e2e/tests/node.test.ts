import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';
import { killGroup, pidsMatching, startInspectTarget } from '../support/processes.js';

const nodeExample = (...parts: string[]) => join(repoRoot, 'examples', 'node', ...parts);
const quick = nodeExample('quick.js');
const asyncProgram = nodeExample('async.mjs');
const throws = nodeExample('throws.js');
const server = nodeExample('server.js');
const middleware = nodeExample('middleware.js');
const tsProject = nodeExample('ts-project');
const inventoryTs = nodeExample('ts-project', 'src', 'inventory.ts');

describe('node through js-debug (real adapter)', () => {
  let g: Gateway;
  const targets: ChildProcess[] = [];
  before(async () => {
    // the compiled TypeScript example (source maps) is built here, with the repo's own tsc
    const tsc = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsProject], { encoding: 'utf8' });
    assert.equal(tsc.status, 0, `tsc failed: ${tsc.stdout}${tsc.stderr}`);
    g = await Gateway.start();
    const langs = await g.ok('debug_languages');
    const node = langs.structured.languages.find((l: any) => l.id === 'node');
    assert.equal(node?.installed, true, `js-debug must be installed for these tests (npx dapgate adapters install node): ${langs.text}`);
  });
  after(async () => {
    for (const t of targets) killGroup(t);
    await g?.close();
  });

  test('the breakpoint in a millisecond script hits on 20 consecutive launches', async () => {
    const line = lineOf(quick, 'count += step;');
    const bp = await g.ok('debug_breakpoint_set', { file: quick, line });
    for (let i = 0; i < 20; i++) {
      const r = await g.ok('debug_launch', { program: quick });
      assert.equal(r.structured.state, 'stopped', `launch ${i + 1}: ${r.text}`);
      assert.deepEqual(r.structured.stop.breakpointIds, [bp.structured.breakpoint.id], `launch ${i + 1}: ${r.text}`);
      await g.ok('debug_stop', { sessionId: r.structured.sessionId });
    }
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('closure variables, evaluate, conditional breakpoint and logpoint', async () => {
    const line = lineOf(quick, 'return count;');
    const logLine = lineOf(quick, "console.log('values'");
    await g.ok('debug_breakpoint_set', { file: quick, line: logLine, logMessage: 'values are {values.join("+")}' });
    const r = await g.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line, condition: 'count > 10' }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.locals.count, '15', r.text);
    assert.equal(r.structured.locals.step, '5', 'closure variables are listed with the locals');
    const vars = await g.ok('debug_variables', {});
    assert.match(vars.text, /Closure \(makeCounter\):\n\s+count = 15/);
    const ev = await g.ok('debug_evaluate', { expression: 'count * 2 + step' });
    assert.equal(ev.structured.result, '35');
    const c = await g.ok('debug_continue');
    assert.ok(['exited', 'terminated'].includes(c.structured.state), c.text);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /values are '?5\+10\+15/);
    assert.match(out.text, /values 5,10,15/);
    assert.doesNotMatch(out.text, /Debugger attached|Waiting for the debugger/, 'the runtime\'s own debugger notices are not program output');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('step into an async function; the stack spans the await', async () => {
    const line = lineOf(asyncProgram, 'const price = await fetchPrice(item.sku);');
    const r = await g.ok('debug_launch', { program: asyncProgram, breakpoints: [{ file: asyncProgram, line }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.function, 'fetchPrice', into.text);
    const stack = await g.ok('debug_stack');
    assert.ok(stack.structured.frames.some((f: any) => f.name === 'priceOrder'), stack.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('anonymous middleware: a step into the next one is a different function; async boundaries are boundaries; a "more" hint names a path that works', async () => {
    const r = await g.ok('debug_launch', { program: middleware, breakpoints: [{ file: middleware, line: lineOf(middleware, 'const start = Date.now();') }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.text, /Stack: #0 <anonymous> at middleware\.js:\d+ <- — async \(await\) — <- /, `the await is a boundary, not a library frame: ${r.text}`);
    const over = await g.ok('debug_step', { kind: 'over' });
    assert.match(over.text, /Changed: start: /, over.text);
    // from the first middleware (<anonymous>, resumed after an await) into the `() => dispatch(i + 1)` arrow (<anonymous>, same file)
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.line, lineOf(middleware, 'return Promise.resolve(fn(ctx'), into.text);
    assert.match(into.text, /Now in a different function \(middleware\.js:\d+ in <anonymous>\)/, into.text);
    assert.doesNotMatch(into.text, /Changed:|\(gone\)/, into.text);
    await g.ok('debug_breakpoint_set', { file: middleware, line: lineOf(middleware, 'ctx.body = {') });
    const last = await g.ok('debug_continue');
    assert.equal(last.structured.state, 'stopped', last.text);
    const stack = await g.ok('debug_stack');
    assert.match(stack.text, /\n {2}— async \(await\) —\n/, stack.text);
    assert.doesNotMatch(stack.text, /<no source>|library frames? \(#\d+\)[^\n]*\n[^\n]*await/, stack.text);
    const boundaries = stack.structured.frames.filter((f: any) => f.asyncBoundary);
    assert.ok(boundaries.length >= 2 && boundaries.every((f: any) => !f.library), stack.text);
    // a path the hint names exists; members by name are not guessed as indices
    const list = await g.ok('debug_variables', { path: 'ctx.response.list', depth: 1, maxItems: 5 });
    const hinted = /name a path such as (\S+)\)/.exec(list.text)?.[1];
    assert.equal(hinted, 'ctx.response.list[5]', list.text);
    const item = await g.ok('debug_variables', { path: hinted! });
    assert.match(item.text, /'row 5'/, item.text);
    const obj = await g.ok('debug_variables', { path: 'ctx', depth: 1, maxItems: 1 });
    assert.match(obj.text, /… \d+ more \(raise maxItems to list them\)/, obj.text);
    assert.doesNotMatch(obj.text, /ctx\[1\]/, obj.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('a moved breakpoint is reported loudly; one that never binds is reported at exit; adapter-only sources are readable', async () => {
    const blank = lineOf(quick, 'const next = makeCounter(5);') - 1; // the blank line above it
    const child = nodeExample('fork-child.js');
    const r = await g.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line: blank }, { file: child, line: lineOf(child, 'return result;') }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.text, new RegExp(`requested line ${blank}, bound to line ${blank + 1}`));
    const list = await g.ok('debug_breakpoints');
    assert.match(list.text, new RegExp(`MOVED — requested line ${blank}, bound line ${blank + 1}`));
    const stack = await g.ok('debug_stack');
    const internal = stack.structured.frames.find((f: any) => f.sourceReference);
    assert.ok(internal, `a frame with a sourceReference: ${stack.text}`);
    const src = await g.ok('debug_source', { sourceReference: internal.sourceReference, line: internal.line, context: 2 });
    assert.match(src.text, new RegExp(`> +${internal.line} \\|`));
    await g.ok('debug_breakpoint_remove', { file: quick });
    const end = await g.ok('debug_continue');
    assert.match(end.text, /Breakpoints that never bound in this run: bp\d+ fork-child\.js:\d+/);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('an uncaught exception stops where it is thrown', async () => {
    const r = await g.ok('debug_launch', { program: throws });
    const w = r.structured.state === 'stopped' ? r : await g.ok('debug_wait', { timeoutMs: 15_000 });
    assert.equal(w.structured.stop.reason, 'exception', w.text);
    assert.match(w.text, /not a port: 80a/);
    assert.match(w.structured.stop.function, /parsePort$/);
    await g.ok('debug_stop');
  });

  test('TypeScript: a breakpoint on a .ts line hits through source maps and through tsx', async () => {
    const line = lineOf(inventoryTs, 'const restocked = low.map');
    const compiled = await g.ok('debug_launch', { program: join(tsProject, 'dist', 'main.js'), breakpoints: [{ file: inventoryTs, line }] });
    assert.equal(compiled.structured.state, 'stopped', compiled.text);
    assert.match(compiled.structured.stop.file, /src[\\/]inventory\.ts$/);
    assert.equal(compiled.structured.stop.line, line);
    assert.match(compiled.structured.locals.low, /\(2\)/, compiled.text);
    await g.ok('debug_stop');
    // the first launch's breakpoint was its own: this launch is given its own
    const viaTsx = await g.ok('debug_launch', { program: join(tsProject, 'src', 'main.ts'), breakpoints: [{ file: inventoryTs, line }] });
    assert.equal(viaTsx.structured.state, 'stopped', viaTsx.text);
    assert.match(viaTsx.structured.stop.file, /inventory\.ts$/);
    const stack = await g.ok('debug_stack');
    assert.match(stack.text, /main\.ts:\d+/, 'caller frames show .ts locations');
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('a forked child process is followed in the same session', async () => {
    const child = nodeExample('fork-child.js');
    const line = lineOf(child, 'return result;');
    const r = await g.ok('debug_launch', { program: nodeExample('fork-parent.js'), breakpoints: [{ file: child, line }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.locals.result, '49');
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('attach to node --inspect (a running server) and to --inspect-brk', async () => {
    const port = await freePort();
    const httpPort = await freePort();
    const t1 = startInspectTarget(server, port, { args: [String(httpPort)] });
    targets.push(t1);
    const a = await g.ok('debug_attach', { language: 'node', port, waitForTargetMs: 15_000 });
    assert.ok(['running', 'stopped'].includes(a.structured.state), a.text);
    const line = lineOf(server, 'const count = (hits.get(path) ?? 0) + 1;');
    const bp = await g.ok('debug_breakpoint_set', { file: server, line });
    assert.match(bp.text, /verified/, 'the attached program already runs that file: the breakpoint binds at once');
    const request = fetch(`http://127.0.0.1:${httpPort}/hello`).then((r) => r.json());
    const w = await g.ok('debug_wait', { timeoutMs: 15_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.locals.path, "'/hello'", w.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_continue', { wait: false });
    assert.deepEqual(await request, { path: '/hello', count: 1 });
    const stop = await g.ok('debug_stop');
    assert.match(stop.text, /detached/);
    const sessions = await g.ok('debug_sessions');
    const row = sessions.structured.sessions.find((r: any) => r.sessionId === a.structured.sessionId);
    assert.equal(row.detached, true, sessions.text);
    assert.match(sessions.text, new RegExp(`${a.structured.sessionId} detached \\(its program was left running\\)`), `a detached session is not called terminated: ${sessions.text}`);
    killGroup(t1);

    const port2 = await freePort();
    const qline = lineOf(quick, 'count += step;');
    await g.ok('debug_breakpoint_set', { file: quick, line: qline });
    const attachBrk = async (port: number) => {
      targets.push(startInspectTarget(quick, port, { brk: true }));
      const b = await g.ok('debug_attach', { language: 'node', port, waitForTargetMs: 15_000 });
      return b.structured.state === 'stopped' && b.structured.stop?.line === qline ? b : await g.ok('debug_wait', { timeoutMs: 15_000 });
    };
    let wb = await attachBrk(port2);
    if (/ERR_INTERNAL_ASSERTION/.test(wb.text) && /<node_internals>/.test(wb.text)) {
      // Node 20.20's own internal assertion, thrown in the target at startup under --inspect-brk (seen
      // about 1 run in 8 in CI, cause inside Node not isolated; docs/reliability.md): dapgate reported
      // it truly as the exception it is; the attach is tried once more on a fresh target
      console.log(`retrying the --inspect-brk attach after Node's internal assertion: ${wb.text.split('\n')[0]}`);
      await g.ok('debug_stop', { terminate: true });
      wb = await attachBrk(await freePort());
    }
    assert.equal(wb.structured.stop?.line, qline, wb.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop', { terminate: true });
  });

  test('when the MCP client disconnects, no node debuggee is left behind', async () => {
    const marker = `node-orphan-${randomUUID()}`;
    const g2 = await Gateway.start();
    const r = await g2.ok('debug_launch', { program: server, args: [String(await freePort()), marker], wait: false });
    assert.equal(r.structured.state, 'running', r.text);
    assert.ok(await eventually(() => pidsMatching(marker).length > 0, 10_000), 'the debuggee runs');
    await g2.close();
    assert.ok(await eventually(() => pidsMatching(marker).length === 0, 10_000), `left: ${pidsMatching(marker).join(', ')}`);
  });
});
