import { calleeName, LibraryFrames, type Session, type StopInfo } from '@dapgate/core';
import { frameLocation } from './frames.js';

type Frame = StopInfo['frames'][number];

/**
 * Where a stopped session is, for an answer that left it there (a trace's end): in the program's
 * own code, its frame; in library code (a closure shim, the runtime that called main), that frame
 * said to be library code, and the program's frame nearest the top, or that none was read. Names
 * are shortened as a trace's callees are (the profile's `trace.calleeNoise`: no crate or module
 * path, `FnOnce::call_once` for `core::ops::function::FnOnce::call_once`).
 */
export async function stopPlace(s: Session, stop: StopInfo): Promise<{ at: string; nearest: string }> {
  const frames = stop.frames;
  const top = frames[0]!;
  const name = (f: Frame) => calleeName(f.name, s.profile.trace?.calleeNoise);
  const flags = await new LibraryFrames(s.profile.stops, s.cwd).classify(frames);
  if (!flags[0]) return { at: `at ${frameLocation(top, s.cwd)} in ${name(top)}`, nearest: '' };
  const index = flags.indexOf(false);
  const program = index > 0 ? frames[index]! : undefined;
  const nearest = program
    ? `; the program's code nearest the top: ${name(program)} at ${frameLocation(program, s.cwd)} (frame ${index})`
    : (stop.totalFrames ?? Infinity) <= frames.length
      ? `; no frame of the program's own code is on the stack (${frames.length} frames)`
      : `; no frame of the program's own code in the top ${frames.length} frames`;
  return { at: `in library code, ${name(top)} at ${frameLocation(top, s.cwd)}`, nearest };
}
