import { readFile, stat } from 'node:fs/promises';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Session } from '@dapgate/core';
export { contextBlock } from '@dapgate/core';

const cache = new Map<string, { mtimeMs: number; lines: string[] }>();

async function fileLines(path: string): Promise<string[] | undefined> {
  try {
    const { mtimeMs } = await stat(path);
    const hit = cache.get(path);
    if (hit && hit.mtimeMs === mtimeMs) return hit.lines;
    const lines = (await readFile(path, 'utf8')).split(/\r?\n/);
    cache.set(path, { mtimeMs, lines });
    return lines;
  } catch {
    return undefined;
  }
}

/** The lines of a source: from disk, else from the adapter (sourceReference). */
export async function sourceLines(source: DebugProtocol.Source | undefined, session?: Session): Promise<string[] | undefined> {
  if (!source) return undefined;
  if (source.path) {
    const lines = await fileLines(source.path);
    if (lines) return lines;
  }
  if (source.sourceReference && session) {
    try {
      return (await session.source(source.sourceReference, source.path)).split(/\r?\n/);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

