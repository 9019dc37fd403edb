// Fault matrix, part 1: a fault-injecting fake adapter and broken adapter commands. Each fault is
// injected three times into one gateway; after each the gateway must answer, every call must have
// returned within its bound and the stand-in debuggee (found by its marker) must be gone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway } from '../support/gateway.js';
import { fakeConfigDir, fakeProgram } from '../support/fake-config.js';
import { FaultRecorder, processAlive } from '../support/fault-matrix.js';

const RUNS = 3;
const REQUEST_TIMEOUT_MS = 1_500;

interface Fault {
  name: string;
  mode?: string;
  command?: () => string[];
  /** Injects the fault into a launched (or refused) session and returns the answer that shows it. */
  inject: (f: FaultRecorder, g: Gateway, marker: string) => Promise<void>;
}

const launch = (f: FaultRecorder, g: Gateway, mode: string, marker: string, extra: Record<string, unknown> = {}) =>
  f.call(g, 'debug_launch', { program: fakeProgram, stopOnEntry: true, adapterArgs: { mode, marker }, timeoutMs: 20_000, ...extra }, 25_000);

const faults: Fault[] = [
  {
    name: 'adapter killed (SIGKILL), fake adapter',
    mode: 'normal',
    inject: async (f, g, marker) => {
      const r = await launch(f, g, 'normal', marker);
      assert.equal(r?.structured.state, 'stopped', r?.text);
      const diag = await f.call(g, 'debug_diagnose', {}, 10_000);
      process.kill(diag!.structured.pid, 'SIGKILL');
      await new Promise((res) => setTimeout(res, 300));
      f.saw(await f.call(g, 'debug_continue', { timeoutMs: 5_000 }, 10_000), /failed|killed/);
    },
  },
  {
    name: 'adapter hangs (never answers continue)',
    inject: async (f, g, marker) => {
      await launch(f, g, 'hang', marker);
      f.saw(await f.call(g, 'debug_continue', { timeoutMs: 60_000 }, REQUEST_TIMEOUT_MS + 8_000), /did not answer/);
    },
  },
  {
    name: 'garbage frame from the adapter',
    inject: async (f, g, marker) => {
      const r = await launch(f, g, 'garbage', marker);
      assert.equal(r?.structured.state, 'stopped', r?.text);
      f.saw(await f.call(g, 'debug_events', { types: ['protocol-error'] }, 10_000), /invalid JSON/);
      const c = await f.call(g, 'debug_continue', { timeoutMs: 10_000 }, 15_000);
      assert.equal(c?.structured.exitCode, 0, c?.text);
    },
  },
  {
    name: 'half a frame, then silence',
    inject: async (f, g, marker) => {
      await launch(f, g, 'half', marker);
      f.saw(await f.call(g, 'debug_continue', { timeoutMs: 60_000 }, REQUEST_TIMEOUT_MS + 8_000), /did not answer/);
    },
  },
  {
    name: 'huge event (20 MB output event)',
    inject: async (f, g, marker) => {
      await launch(f, g, 'huge', marker);
      const c = await f.call(g, 'debug_continue', { timeoutMs: 30_000 }, 35_000);
      assert.equal(c?.structured.exitCode, 0, c?.text);
      const out = await f.call(g, 'debug_output', {}, 10_000);
      assert.ok(out && out.text.length < 30_000, `debug_output stays within its budget: ${out?.text.length}`);
      f.saw(out, /is cut|more record|dropped/);
    },
  },
  {
    name: 'slow responses (700 ms each)',
    inject: async (f, g, marker) => {
      const r = await launch(f, g, 'slow', marker);
      assert.equal(r?.structured.state, 'stopped', r?.text);
      const c = await f.call(g, 'debug_continue', { timeoutMs: 20_000 }, 25_000);
      assert.equal(c?.structured.exitCode, 0, c?.text);
      f.saw(c);
    },
  },
  {
    name: 'the debuggee exits during launch',
    inject: async (f, g, marker) => {
      const r = await launch(f, g, 'exit-on-launch', marker);
      assert.equal(r?.isError, false, r?.text);
      assert.equal(r?.structured.exitCode, 7, r?.text);
      f.saw(r);
    },
  },
  {
    name: 'adapter binary missing',
    command: () => [join(tmpdir(), `dapgate-no-such-adapter-${randomUUID()}`)],
    inject: async (f, g, marker) => {
      const r = await launch(f, g, 'normal', marker);
      assert.equal(r?.isError, true, r?.text);
      f.saw(r);
    },
  },
  {
    name: 'adapter binary not executable',
    command: () => {
      const file = join(mkdtempSync(join(tmpdir(), 'dapgate-noexec-')), 'adapter');
      writeFileSync(file, '#!/bin/sh\nexit 0\n');
      chmodSync(file, 0o644);
      return [file];
    },
    inject: async (f, g, marker) => {
      const r = await launch(f, g, 'normal', marker);
      assert.equal(r?.isError, true, r?.text);
      f.saw(r);
    },
  },
];

describe('fault matrix: adapters that misbehave or cannot start', () => {
  for (const fault of faults) {
    test(fault.name, async () => {
      const f = new FaultRecorder(fault.name);
      const g = await Gateway.start({ DAPGATE_CONFIG_DIR: fakeConfigDir(fault.command?.()), DAPGATE_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
      const gatewayMarker = `dapgate-fault-${randomUUID()}`;
      try {
        for (let run = 0; run < RUNS; run++) {
          const marker = `${gatewayMarker}-${run}`;
          await fault.inject(f, g, marker);
          await f.call(g, 'debug_stop', {}, 15_000);
          await f.checkGone(marker);
          await f.checkAlive(g, processAlive(g.pid));
          f.row.runs++;
        }
      } finally {
        await g.close();
        f.publish();
      }
      assert.ok(f.clean, f.log.join('\n'));
    });
  }
});
