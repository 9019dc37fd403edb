import { readFile } from 'node:fs/promises';
import { GatewayError } from '../errors.js';
import type { Profile } from '../profiles/schema.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first body line of function `name` in `file`, by the profile's definition pattern: where a
 * line breakpoint stops on every call (a definition line itself runs once, when it is defined).
 */
export async function functionBodyLine(profile: Profile, file: string, name: string): Promise<number> {
  const spec = profile.trace;
  if (!spec?.definition || !spec.bodyStart) {
    throw new GatewayError(`${profile.displayName} cannot find a function by name in a file`, 'pass file and line (a line inside the function) instead', 'not-supported');
  }
  const short = name.split(/[.#:]/).pop()!;
  const definition = new RegExp(spec.definition.replaceAll('NAME', escape(short)));
  const bodyStart = new RegExp(spec.bodyStart);
  const skip = spec.skipLines ? new RegExp(spec.skipLines) : undefined;
  const lines = (await readFile(file, 'utf8')).split(/\r?\n/);
  const found = lines.findIndex((l) => definition.test(l));
  if (found < 0) throw new GatewayError(`no definition of '${short}' found in ${file}`, 'check the name, or pass file and line (a line inside the function)', 'not-found');
  let i = found;
  while (i < lines.length && !bodyStart.test(lines[i]!)) i++;
  i++;
  while (i < lines.length && skip?.test(lines[i]!)) i++;
  if (i >= lines.length) throw new GatewayError(`the body of '${short}' in ${file} was not found after line ${found + 1}`, 'pass file and line (a line inside the function)', 'not-found');
  return i + 1;
}
