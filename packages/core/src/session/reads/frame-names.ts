import type { DebugProtocol } from '@vscode/debugprotocol';

const compiled = new Map<string, RegExp>();

/**
 * Frames with the profile's `stops.frameNameNoise` removed from their names (Rust's `::h<hash>`),
 * so every answer built from them shows the name a reader knows. Frames are changed in place.
 */
export function cleanFrameNames(frames: DebugProtocol.StackFrame[], noise: string | undefined): DebugProtocol.StackFrame[] {
  if (!noise) return frames;
  let re = compiled.get(noise);
  if (!re) compiled.set(noise, (re = new RegExp(noise, 'g')));
  for (const f of frames) if (f.name) f.name = f.name.replace(re, '') || f.name;
  return frames;
}
