import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Profile } from '../../profiles/schema.js';

const compiled = new Map<string, RegExp>();

/**
 * Frames with the profile's `stops.frameNameNoise` removed from their names (Rust's `::h<hash>`),
 * its `frameNameEscapes` resolved (`_$LT$impl$u20$...` -> `<impl ...`) and its
 * `frameNameSpellings` applied (libstdc++'s `std::__cxx11::basic_string<char, ...>` -> `std::string`),
 * so every answer built from them shows the name a reader knows. Frames are changed in place.
 */
export function cleanFrameNames(frames: DebugProtocol.StackFrame[], stops: Profile['stops']): DebugProtocol.StackFrame[] {
  const { frameNameNoise: noise, frameNameEscapes: escapes, frameNameSpellings: spellings } = stops;
  if (!noise && !escapes && !spellings) return frames;
  let re = noise ? compiled.get(noise) : undefined;
  if (noise && !re) compiled.set(noise, (re = new RegExp(noise, 'g')));
  for (const f of frames) {
    if (!f.name) continue;
    let name = re ? f.name.replace(re, '') || f.name : f.name;
    if (escapes && name.includes('$')) for (const [from, to] of Object.entries(escapes)) name = name.replaceAll(from, to);
    if (spellings) for (const [from, to] of Object.entries(spellings)) if (name.includes(from)) name = name.replaceAll(from, to);
    f.name = name;
  }
  return frames;
}
