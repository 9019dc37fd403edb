import type { DebugProtocol } from '@vscode/debugprotocol';

const compiled = new Map<string, RegExp>();

/**
 * Frames with the profile's `stops.frameNameNoise` removed from their names (Rust's `::h<hash>`)
 * and its `frameNameEscapes` resolved (`_$LT$impl$u20$...` -> `<impl ...`),
 * so every answer built from them shows the name a reader knows. Frames are changed in place.
 */
export function cleanFrameNames(frames: DebugProtocol.StackFrame[], noise: string | undefined, escapes?: Record<string, string>): DebugProtocol.StackFrame[] {
  if (!noise && !escapes) return frames;
  let re = noise ? compiled.get(noise) : undefined;
  if (noise && !re) compiled.set(noise, (re = new RegExp(noise, 'g')));
  for (const f of frames) {
    if (!f.name) continue;
    let name = re ? f.name.replace(re, '') || f.name : f.name;
    if (escapes && name.includes('$')) for (const [from, to] of Object.entries(escapes)) name = name.replaceAll(from, to);
    f.name = name;
  }
  return frames;
}
