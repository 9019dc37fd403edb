import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';
import { canonicalPath, GatewayError, type SessionManager } from '@dapgate/core';
import { defineTool, params } from './register.js';
import { ok } from './result.js';
import { contextBlock, sourceLines } from '../format/source.js';
import { frameFile } from '../format/frames.js';
import { shortPath } from '../format/text.js';
import { outputs } from './output-schemas.js';

/** debug_source: source lines from disk, the current frame, or the adapter (sourceReference). */
export function registerSourceTools(server: McpServer, manager: SessionManager): void {
  defineTool(
    server,
    manager,
    'debug_source',
    {
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
    },
    async (a) => {
      const ctx = a.context ?? 10;
      let lines: string[] | undefined;
      let label: string;
      let line = a.line;
      if (a.sourceReference !== undefined) {
        const s = manager.get(a.sessionId);
        lines = (await s.reads.source(a.sourceReference, undefined, a.threadId)).split(/\r?\n/);
        label = `sourceReference ${a.sourceReference}`;
      } else if (a.file) {
        const cwd = a.sessionId ? manager.get(a.sessionId).cwd : manager.defaultCwd();
        const path = canonicalPath(a.file, cwd);
        try {
          lines = readFileSync(path, 'utf8').split(/\r?\n/);
        } catch {
          throw new GatewayError(`cannot read '${a.file}' (looked at ${path})`, 'pass an absolute path, or a sourceReference from debug_stack');
        }
        label = shortPath(path, cwd);
      } else {
        const s = manager.get(a.sessionId);
        const top = s.state === 'stopped' ? (a.threadId !== undefined ? await s.reads.frameAt(0, a.threadId) : s.stop?.frames[0]) : undefined;
        if (!top) throw new GatewayError(`session ${s.id} is ${s.state}, so there is no current location`, 'pass file (and line)');
        lines = await sourceLines(top.source, s);
        label = shortPath(frameFile(top), s.cwd);
        line ??= top.line;
      }
      if (!lines) throw new GatewayError('no source available for that location', 'the adapter has no text for it');
      line = Math.min(Math.max(1, line ?? 1), lines.length);
      return ok(`${label} (${lines.length} lines)\n${contextBlock(lines, line, ctx, ctx)}`, { file: label, line, totalLines: lines.length });
    },
  );
}
