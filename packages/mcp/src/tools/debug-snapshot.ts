import { z } from 'zod';
import { snapshotLive, takeSnapshot } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { outputs } from './output-schemas.js';
import { headline } from '../format/session.js';
import { formatSnapshot, snapshotJson } from '../format/snapshot.js';

const config = {
  title: 'Snapshot',
  description: 'Every thread: where it waits (per line), why, stack, locals; then resumes (unless keepPaused). Live: language + port/processId.',
  input: {
    sessionId: params.sessionId,
    language: z.string().optional(),
    port: z.number().int().min(1).max(65535).optional(),
    processId: z.number().int().optional(),
    maxThreads: z.number().int().min(1).max(200).optional(),
    keepPaused: z.boolean().optional(),
  },
  output: outputs.snapshot,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
};

/** debug_snapshot: every thread of a session, or of a live target attached for the moment, in one answer. */
export async function debugSnapshot(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const options = { maxThreads: a.maxThreads, keepPaused: a.keepPaused };
  if (a.port !== undefined || a.processId !== undefined) {
    const { session, snapshot, end } = await snapshotLive(manager, { language: a.language, port: a.port, processId: a.processId }, options);
    const after = end.detached ? `Detached: ${end.detail}.` : `Kept: ${end.detail}.`;
    const text = `${formatSnapshot(snapshot, session.cwd, `Snapshot of ${headline(session)}`)}\n${after}`;
    return ok(text, { sessionId: session.id, state: session.state, ...snapshotJson(snapshot), detached: end.detached, ...(end.running !== undefined ? { targetRuns: end.running } : {}) });
  }
  const s = manager.get(a.sessionId);
  const snapshot = await takeSnapshot(s, options);
  return ok(formatSnapshot(snapshot, s.cwd, `Snapshot of ${headline(s)}`), { sessionId: s.id, state: s.state, ...snapshotJson(snapshot) });
}

export const debugSnapshotTool = tool('debug_snapshot', config, debugSnapshot);
