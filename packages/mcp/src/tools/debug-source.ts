import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { canonicalPath, GatewayError } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { contextBlock, sourceLines } from '../format/source.js';
import { frameFile } from '../format/frames.js';
import { shortPath } from '../format/text.js';
import { outputs } from './output-schemas.js';

const config = {
  title: 'Source',
  description: 'Numbered source around the stop, file+line, or sourceReference (adapter-only code).',
  input: {
    file: z.string().optional(),
    line: z.number().int().min(1).optional(),
    context: z.number().int().min(0).max(200).optional(),
    sourceReference: z.number().int().optional(),
    threadId: params.threadId,
    sessionId: params.sessionId,
  },
  output: outputs.source,
  annotations: { readOnlyHint: true },
};

/** debug_source: source lines from disk, the current frame, or the adapter (sourceReference). */
export async function debugSource(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const ctx = a.context ?? 10;
  let lines: string[] | undefined;
  let label: string;
  let line = a.line;
  if (a.sourceReference !== undefined) {
    const s = manager.get(a.sessionId);
    lines = (await s.source(a.sourceReference, undefined, a.threadId)).split(/\r?\n/);
    label = `sourceReference ${a.sourceReference}`;
  } else if (a.file) {
    const cwd = a.sessionId ? manager.get(a.sessionId).cwd : manager.defaultCwd();
    const path = canonicalPath(a.file, cwd);
    try {
      lines = (await readFile(path, 'utf8')).split(/\r?\n/);
    } catch {
      throw new GatewayError(`cannot read '${a.file}' (looked at ${path})`, 'pass an absolute path, or a sourceReference from debug_stack', 'not-found');
    }
    label = shortPath(path, cwd);
  } else {
    const s = manager.get(a.sessionId);
    const top = s.state === 'stopped' ? (a.threadId !== undefined ? await s.frameAt(0, a.threadId) : s.stop?.frames[0]) : undefined;
    if (!top) throw new GatewayError(`session ${s.id} is ${s.state}, so there is no current location`, 'pass file (and line)', 'not-stopped');
    lines = await sourceLines(top.source, s);
    label = shortPath(frameFile(top), s.cwd);
    line ??= top.line;
  }
  if (!lines) throw new GatewayError('no source available for that location', 'the adapter has no text for it', 'not-found');
  line = Math.min(Math.max(1, line ?? 1), lines.length);
  return ok(`${label} (${lines.length} lines)\n${contextBlock(lines, line, ctx, ctx)}`, { file: label, line, totalLines: lines.length });
}

export const debugSourceTool = tool('debug_source', config, debugSource);
