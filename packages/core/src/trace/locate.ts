import { readFile } from 'node:fs/promises';
import { GatewayError } from '../errors.js';
import type { Profile } from '../profiles/schema.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const indent = (line: string) => /^\s*/.exec(line)![0].length;

/**
 * The first body line of function `name` in `file`, by the profile's definition pattern: where a
 * line breakpoint stops on every call (a definition line itself runs once, when it is defined).
 * `Type.name` (also `Type#name`, `Type::name`) looks inside that type's block (the profile's
 * `container`); a bare name defined more than once in the file is refused with the candidates.
 */
export async function functionBodyLine(profile: Profile, file: string, name: string): Promise<number> {
  const spec = profile.trace;
  if (!spec?.definition || !spec.bodyStart) {
    throw new GatewayError(`${profile.displayName} cannot find a function by name in a file`, 'pass file and line (a line inside the function) instead', 'not-supported');
  }
  const parts = name.split(/[.#]|::/).filter(Boolean);
  const short = parts.pop()!;
  const owner = parts.pop();
  const definition = new RegExp(spec.definition.replaceAll('NAME', escape(short)));
  const lines = (await readFile(file, 'utf8')).split(/\r?\n/);
  const skip = spec.skipLines ? new RegExp(spec.skipLines) : undefined;
  const bodyStart = new RegExp(spec.bodyStart);
  const found = owner && spec.container ? inContainer(lines, definition, new RegExp(spec.container.replaceAll('NAME', escape(owner))), bodyStart, skip, name, file) : onlyDefinition(lines, definition, spec.container, short, file);
  const blocks = (spec.skipBlocks ?? []).map((b) => ({ start: new RegExp(b.start), end: new RegExp(b.end) }));
  return bodyAfter(lines, found, bodyStart, { skip, blocks }, short, file);
}

type NotCode = { skip: RegExp | undefined; blocks: { start: RegExp; end: RegExp }[] };

/** The first definition inside a block the container pattern opens (the line itself included). */
function inContainer(lines: string[], definition: RegExp, container: RegExp, bodyStart: RegExp, skip: RegExp | undefined, name: string, file: string): number {
  let opened = false;
  for (let c = 0; c < lines.length; c++) {
    if (!container.test(lines[c]!)) continue;
    opened = true;
    if (definition.test(lines[c]!)) return c;
    // the block starts after the container's own signature, which may span lines (`class A(\n  Base,\n):`)
    let open = c;
    while (open < lines.length - 1 && !bodyStart.test(lines[open]!)) open++;
    const found: number[] = [];
    for (let i = open + 1; i < lines.length; i++) {
      const line = lines[i]!;
      // the block ends at the next code line indented no deeper (a comment there does not end it)
      if (line.trim() && !skip?.test(line) && indent(line) <= indent(lines[c]!)) break;
      if (definition.test(line)) found.push(i);
    }
    if (found.length > 1) throw new GatewayError(`'${name}' is defined ${found.length} times in ${file} (overloads, or a nested type's): ${found.map((i) => definitionAt(lines, i)).join('; ')}`, 'pass file and line (a line inside the one to trace)', 'ambiguous');
    if (found.length === 1) return found[0]!;
  }
  const owner = name.split(/[.#]|::/).slice(-2, -1)[0];
  throw new GatewayError(opened ? `no definition of '${name}' found in ${file}: '${owner}' is there, but not this function in it` : `no '${owner}' found in ${file} for '${name}'`, 'check the name, or pass file and line (a line inside the function)', 'not-found');
}

/** The one definition of a bare name; more than one is refused, naming each (with its container where the profile tells). */
function onlyDefinition(lines: string[], definition: RegExp, container: string | undefined, short: string, file: string): number {
  const all = lines.flatMap((l, i) => (definition.test(l) ? [i] : []));
  if (all.length === 0) throw new GatewayError(`no definition of '${short}' found in ${file}`, 'check the name, or pass file and line (a line inside the function)', 'not-found');
  if (all.length === 1) return all[0]!;
  const owners = container ? new RegExp(container.replaceAll('NAME', '(?<owner>[\\w$]+)')) : undefined;
  const ownerOf = all.map((i) => (owners && enclosing(lines, i, owners)) || undefined);
  const named = all.map((i, k) => (ownerOf[k] ? `${ownerOf[k]}.${short} (${definitionAt(lines, i)})` : definitionAt(lines, i)));
  // Type.name chooses only where types differ: overloads in one type share it
  const byType = ownerOf.every((o) => o && ownerOf.filter((p) => p === o).length === 1);
  throw new GatewayError(
    `'${short}' is defined ${all.length} times in ${file}: ${named.join('; ')}`,
    `${byType ? `name one as Type.${short}, or ` : ''}pass file and line (a line inside the one to trace)`,
    'ambiguous',
  );
}

/** `line 7: static int find(String text, String part)`: a definition as its line says it, so overloads differ by their parameters. */
function definitionAt(lines: string[], at: number): string {
  const text = lines[at]!.trim().replace(/\s*[{:]\s*$/, '');
  return `line ${at + 1}: ${text.length > 120 ? `${text.slice(0, 120)}…` : text}`;
}

/**
 * The name of the container whose block holds `at` (on its own line, or the definition's, as a Go
 * receiver): the nearest code line above that is indented less opens that block; when it is no
 * container (a function: `at` is nested in it; a closing brace: `at` is past a block), none.
 */
function enclosing(lines: string[], at: number, owners: RegExp): string | undefined {
  const own = owners.exec(lines[at]!)?.groups?.owner;
  if (own) return own;
  for (let i = at - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.trim() || COMMENT.test(line) || indent(line) >= indent(lines[at]!)) continue;
    // a signature over several lines (`def f(\n    self,\n):`) closes at this indent: its opener is further up
    if (/^\s*[)\]]/.test(line)) continue;
    return owners.exec(line)?.groups?.owner;
  }
  return undefined;
}

/** A comment line (any indent: Python's may sit at column 0 inside a class). */
const COMMENT = /^\s*(?:#|\/\/|\/\*|\*)/;

function bodyAfter(lines: string[], found: number, bodyStart: RegExp, notCode: NotCode, short: string, file: string): number {
  const opened = signatureOpensBody(lines, found, bodyStart, notCode);
  if (opened === undefined) {
    throw new GatewayError(`the body of '${short}' in ${file} is on its definition's line (${found + 1}), where a line breakpoint also stops when the definition itself runs`, `name it without file (a function breakpoint, where the language has them), or pass file and line of the line that calls it`, 'not-found');
  }
  let i = opened + 1;
  for (let next = i; (next = pastNotCode(lines, i, notCode)) !== i; ) i = next;
  if (i >= lines.length) throw new GatewayError(`the body of '${short}' in ${file} was not found after line ${found + 1}`, 'pass file and line (a line inside the function)', 'not-found');
  return i + 1;
}

/**
 * The line that opens the definition's body: the signature runs until its parentheses close; the
 * opener is on that line or on the few lines after it that continue it (more indented: `throws X {`,
 * `where T: Foo`) or hold only the opener (`{`). None: the body shares the signature's line.
 */
function signatureOpensBody(lines: string[], found: number, bodyStart: RegExp, notCode: NotCode): number | undefined {
  let depth = 0;
  let i = found;
  for (; i < lines.length; i++) {
    if (bodyStart.test(lines[i]!) && depth + parenBalance(lines[i]!) <= 0) return i;
    depth += parenBalance(lines[i]!);
    if (depth <= 0) break;
  }
  const own = indent(lines[found]!);
  for (let k = i + 1, seen = 0; k < lines.length && seen < 3; k++) {
    if (pastNotCode(lines, k, notCode) !== k) continue;
    const line = lines[k]!;
    const match = bodyStart.exec(line);
    if (match && !line.slice(0, match.index).trim()) return k;
    if (indent(line) <= own || /[()]/.test(line)) return undefined;
    if (match) return k;
    seen++;
  }
  return undefined;
}

/** Opened minus closed parentheses on a line, outside string literals. */
function parenBalance(line: string): number {
  const code = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return (code.match(/\(/g)?.length ?? 0) - (code.match(/\)/g)?.length ?? 0);
}

/** The line after the block or line of no code that starts at `i` (`i` itself when it is code). */
function pastNotCode(lines: string[], i: number, { skip, blocks }: NotCode): number {
  const line = lines[i];
  if (line === undefined) return i;
  for (const { start, end } of blocks) {
    const opened = start.exec(line);
    if (!opened) continue;
    if (end.test(line.slice(opened.index + opened[0].length))) return i + 1;
    let j = i + 1;
    while (j < lines.length && !end.test(lines[j]!)) j++;
    return j + 1;
  }
  return skip?.test(line) ? i + 1 : i;
}
