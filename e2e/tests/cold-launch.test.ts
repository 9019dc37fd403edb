import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Gateway, eventually, lineOf, pyExample, repoRoot } from '../support/gateway.js';

/** Records, in the gateway's own process, when it started which process and handled which MCP message. */
const preload = join(repoRoot, 'e2e', 'bench', 'cold-timing-preload.mjs');
const postJs = join(repoRoot, 'e2e', 'bench', 'programs', 'post.js');
const ledger = pyExample('ledger.py');

interface Row {
  t: number;
  what: string;
}

describe('the first launch in a gateway just started', () => {
  test('waits for no adapter or interpreter lookup: the gateway did them ahead, once; the launch starts only the adapter and the program', async () => {
    const timing = join(tmpdir(), `dapgate-cold-launch-${process.pid}.json`);
    const g = await Gateway.start({ NODE_OPTIONS: `--import=${preload}`, DAPGATE_BENCH_TIMING_FILE: timing }, ['--log-level', 'debug']);
    const launches: { program: string; adapterCommand: string[] }[] = [];
    try {
      // the lookups run in the background from the start; the test lets them finish (bounded), then launches
      await eventually(() => g.stderr.includes('looked up ahead'), 60_000);
      for (const [program, text] of [[ledger, 'fee = 1 if amount < 0'], [postJs, 'const fee = amount < 0']] as const) {
        const line = lineOf(program, text);
        const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] });
        assert.equal(r.structured.stop?.line, line, r.text);
        launches.push({ program, adapterCommand: (await g.ok('debug_diagnose')).structured.adapterCommand });
        await g.ok('debug_stop');
        await g.ok('debug_breakpoint_remove', { all: true });
      }
    } finally {
      await g.close();
    }
    assert.ok(await eventually(() => existsSync(timing), 15_000), 'the gateway wrote its timing file at exit');
    const rows = JSON.parse(readFileSync(timing, 'utf8')) as Row[];
    rmSync(timing, { force: true });

    const starts = rows.flatMap((r, i) => (r.what === 'mcp in tools/call debug_launch' ? [i] : []));
    assert.equal(starts.length, 2, rows.map((r) => r.what).join('\n'));
    const ahead = rows.slice(0, starts[0]).filter((r) => r.what.startsWith('spawn ')).map((r) => r.what);
    for (const [n, start] of starts.entries()) {
      const { program, adapterCommand } = launches[n]!;
      const answered = rows.findIndex((r, i) => i > start && r.what.startsWith('mcp out result'));
      const during = rows.slice(start, answered).filter((r) => r.what.startsWith('spawn ')).map((r) => r.what.slice('spawn '.length));
      // the adapter by its runtime and first arguments (a port in its command line differs per start)
      const adapter = adapterCommand.slice(0, 3).join(' ');
      const other = during.filter((cmd) => !cmd.startsWith(adapter) && !cmd.includes(basename(program)));
      assert.deepEqual(other, [], `${basename(program)}: the launch started only its adapter (${adapter}) and the program; also: ${other.join(' | ')}`);
      assert.ok(during.length > 0, `${basename(program)}: the launch started its adapter`);
    }
    assert.ok(ahead.length > 0, 'the lookups ran before the first launch');
    const spawned = rows.filter((r) => r.what.startsWith('spawn ')).map((r) => r.what);
    const lookups = ahead.filter((cmd, i) => ahead.indexOf(cmd) === i);
    for (const cmd of lookups) assert.equal(spawned.filter((c) => c === cmd).length, ahead.filter((c) => c === cmd).length, `${cmd} ran again after the lookups ahead`);
    const said = /adapters looked up ahead in \d+ ms: usable ([^;\n]*)/.exec(g.stderr)?.[1]?.split(', ') ?? [];
    assert.ok(said.includes('python') && said.includes('node'), `the gateway says what it looked up ahead: ${g.stderr}`);
  });

  test('a launch straight after tools/list: the warm adapter for the next launch starts only once the program stopped', async () => {
    const timing = join(tmpdir(), `dapgate-cold-refill-${process.pid}.json`);
    const g = await Gateway.start({ NODE_OPTIONS: `--import=${preload}`, DAPGATE_BENCH_TIMING_FILE: timing }, ['--log-level', 'debug']);
    let adapter = '';
    try {
      const line = lineOf(ledger, 'fee = 1 if amount < 0');
      const r = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] });
      assert.equal(r.structured.stop?.line, line, r.text);
      adapter = ((await g.ok('debug_diagnose')).structured.adapterCommand as string[]).slice(0, 3).join(' ');
      const warm = async () => (await g.ok('debug_diagnose')).structured.gateway.warmAdapterPids.length === 1;
      assert.ok(await eventually(warm, 30_000, 250), 'the pool started a warm adapter after the launch');
      await g.ok('debug_stop');
    } finally {
      await g.close();
    }
    assert.ok(await eventually(() => existsSync(timing), 15_000), 'the gateway wrote its timing file at exit');
    const rows = JSON.parse(readFileSync(timing, 'utf8')) as Row[];
    rmSync(timing, { force: true });
    const stopped = rows.findIndex((r) => /^log .*session \S+ stopped$/.test(r.what));
    assert.ok(stopped > 0, `the gateway logged the session's stop: ${rows.map((r) => r.what).join('\n')}`);
    const spawns = rows.flatMap((r, i) => (r.what.startsWith(`spawn ${adapter}`) ? [i] : []));
    assert.equal(spawns.filter((i) => i < stopped).length, 1, `only the launch's own adapter started before the program stopped: ${rows.map((r) => r.what).join('\n')}`);
    assert.ok(spawns.length >= 2, 'and the warm one after');
  });
});
