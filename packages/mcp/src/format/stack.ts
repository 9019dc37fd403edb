import type { DebugProtocol } from '@vscode/debugprotocol';
import { LibraryFrames, type Session } from '@dapgate/core';
import { frameJson, frameLocation } from './frames.js';

export interface StackView {
  /** One line per program frame; each run of library frames as one counted line (unless `library`). */
  lines: string[];
  rows: (ReturnType<typeof frameJson> & { library?: true; asyncBoundary?: true })[];
  libraryFrames: number;
}

/**
 * Frames as `#i name at file:line`, with their real indices (the `frame` other tools take). Library
 * frames (the profile's, see LibraryFrames) are collapsed into "… 12 library frames (#3-#14)" unless
 * `library` asks for them. An async boundary is a line of its own, never a frame.
 */
export async function stackView(s: Session, frames: readonly DebugProtocol.StackFrame[], start: number, library = false): Promise<StackView> {
  const flags = await new LibraryFrames(s.profile.stops, s.cwd).classify(frames);
  const lines: string[] = [];
  let run: number[] = [];
  const flush = () => {
    if (!run.length) return;
    const [first, last] = [run[0]!, run[run.length - 1]!];
    lines.push(`  … ${run.length} library frame${run.length === 1 ? '' : 's'} (#${first}${last > first ? `-#${last}` : ''})`);
    run = [];
  };
  frames.forEach((f, i) => {
    const index = start + i;
    // an async boundary (DAP's label frame: js-debug's `await`, `HTTPINCOMINGMESSAGE`) is no frame: the frames below it ran before, not as callers
    if (f.presentationHint === 'label') {
      flush();
      return void lines.push(`  — async (${f.name}) —`);
    }
    if (flags[i] && !library) return void run.push(index);
    flush();
    lines.push(`#${index} ${f.name} at ${frameLocation(f, s.cwd)}`);
  });
  flush();
  const boundary = (f: DebugProtocol.StackFrame) => f.presentationHint === 'label';
  const rows = frames.map((f, i) => ({ ...frameJson(f, start + i), ...(boundary(f) ? { asyncBoundary: true as const } : flags[i] ? { library: true as const } : {}) }));
  return { lines, rows, libraryFrames: frames.filter((f, i) => flags[i] && !boundary(f)).length };
}

/**
 * How many of `frames` make `count` lines of a stackView: a run of library frames is one line, so
 * the program's own frame beneath a runner's or an assertion library's frames is among them.
 */
export async function framesForLines(s: Session, frames: readonly DebugProtocol.StackFrame[], count: number): Promise<number> {
  const flags = await new LibraryFrames(s.profile.stops, s.cwd).classify(frames);
  let lines = 0;
  for (let i = 0; i < frames.length; i++) {
    const folded = flags[i] && frames[i]!.presentationHint !== 'label';
    const continues = folded && i > 0 && flags[i - 1] && frames[i - 1]!.presentationHint !== 'label';
    if (continues) continue;
    if (lines === count) return i;
    lines++;
  }
  return frames.length;
}
