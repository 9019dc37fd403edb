import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Gateway, pyExample, repoRoot } from './gateway.js';
import { toolCall, unclear, type ToolShape } from './tool-fuzz.js';

export interface FuzzReport {
  seed: number;
  calls: number;
  answered: { result: number; toolError: number; protocolError: number };
  failures: string[];
  slowestMs: number;
  slowest: string;
  seconds: number;
  gatewayAlive: boolean;
}

/** The longest any fuzz call may take: the waits it asks for are at most 1.5 s; a real launch of a tiny program a few. */
const CALL_BOUND_MS = 20_000;

/**
 * `calls` random tool calls against one live gateway (over stdio, through the real MCP client),
 * confined with --allow-root to a scratch folder holding two tiny real programs.
 */
export async function fuzzGateway(calls: number, seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)): Promise<FuzzReport> {
  const scratch = mkdtempSync(join(tmpdir(), 'dapgate-fuzz-'));
  const programs = [join(scratch, 'quick.py'), join(scratch, 'quick.js')];
  copyFileSync(pyExample('quick.py'), programs[0]!);
  copyFileSync(join(repoRoot, 'examples', 'node', 'quick.js'), programs[1]!);
  const g = await Gateway.start({}, ['--allow-root', scratch], scratch);
  const listed = await g.client.listTools();
  const tools: ToolShape[] = listed.tools.map((t) => ({ name: t.name, params: ((t.inputSchema as { properties?: ToolShape['params'] }).properties ?? {}) }));
  const report: FuzzReport = { seed, calls: 0, answered: { result: 0, toolError: 0, protocolError: 0 }, failures: [], slowestMs: 0, slowest: '', seconds: 0, gatewayAlive: false };
  const started = Date.now();
  try {
    await fc.assert(
      fc.asyncProperty(toolCall(tools, programs), async ({ name, args }) => {
        report.calls++;
        const t0 = Date.now();
        const what = `${name.slice(0, 40)} ${JSON.stringify(args, (k, v) => (typeof v === "string" && v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : k === "a" ? "(deep)" : v))?.slice(0, 400)}`;
        try {
          const r = (await g.client.callTool({ name, arguments: args as Record<string, unknown> }, undefined, { timeout: CALL_BOUND_MS })) as { content: { text?: string }[]; isError?: boolean };
          const text = r.content.map((c) => c.text ?? '').join('\n');
          const bad = unclear(text);
          if (bad) throw new Error(`${bad}: ${text.slice(0, 300)}`);
          if (r.isError) report.answered.toolError++;
          else report.answered.result++;
        } catch (e) {
          const message = (e as Error).message;
          // the MCP client itself checks structured content against the output schema; a mismatch is a wrong answer
          if (/timed out|Connection closed|does not match|output schema|^(?!MCP error)/i.test(message) || unclear(message)) {
            report.failures.push(`${what}: ${message.slice(0, 300)}`);
            throw e;
          }
          report.answered.protocolError++;
        } finally {
          const took = Date.now() - t0;
          if (took > report.slowestMs) {
            report.slowestMs = took;
            report.slowest = what;
          }
        }
      }),
      { numRuns: calls, seed, endOnFailure: true },
    );
  } catch (e) {
    // fast-check's own report: the seed and path to replay; counterexamples are cut (one can hold a 1 MB string)
    report.failures.push((e as Error).message.split('\n').map((l) => (l.length > 400 ? `${l.slice(0, 400)}…` : l)).join('\n'));
  } finally {
    report.seconds = Math.round((Date.now() - started) / 100) / 10;
    report.gatewayAlive = (await g.call('debug_sessions', {}, 10_000).then(() => true, () => false));
    await g.close();
  }
  return report;
}
