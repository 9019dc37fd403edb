/** What finds a function's parameter names in its source: the profile's `trace` fields of those names. */
export interface ParameterSpec {
  /**
   * A regexp of one parameter (a part of a parameter list between top-level commas), named group
   * `name`: its name, or the pattern it binds names with (Rust's `(lo, hi): (i32, i32)`).
   */
  parameters?: string;
  /** A regexp of a name a parameter's pattern binds (named group `name`); without it, `name` is the parameter's name. */
  boundNames?: string;
  /**
   * A regexp of a closure whose body opens a block at the end of its line (named group `list`: its
   * parameter list, read as a function's): a stop in that block has the closure's parameters.
   */
  closure?: string;
  /** A regexp of a function's definition line (`NAME`: the function's name). */
  definition?: string;
  /** A regexp of the line that ends a signature. */
  bodyStart?: string;
}

/** The longest signature read (lines from the definition line to its body). */
const MAX_SIGNATURE_LINES = 30;

/** One parameter: its text before the type (a name, or a pattern such as `(lo, hi)` or `_`) and the names it binds. */
export interface ParameterEntry {
  pattern: string;
  names: string[];
}

/**
 * The parameter names of the function around `line`: of the nearest definition line at or above
 * it, read from its parameter list (the first parenthesis not inside `<...>`, to the one that
 * closes it), and of each closure between it and `line` whose block holds `line`. None when the
 * profile says not how, or no definition is found.
 */
export function parametersAt(source: string[], line: number, spec: ParameterSpec): Set<string> {
  return new Set(parameterListsAt(source, line, spec).flatMap((list) => list.flatMap((p) => p.names)));
}

/**
 * The parameters of the innermost function around `line` (a closure whose block holds it, else
 * the function), in order, with the patterns of those that bind no single name as such: a debugger
 * lists each of those as a variable without a name (lldb-dap's `<null>`).
 */
export function ownParametersAt(source: string[], line: number, spec: ParameterSpec): ParameterEntry[] {
  return parameterListsAt(source, line, spec).at(-1) ?? [];
}

/** A parameter that is no plain name: a pattern (`(lo, hi)`, `Point { x, y }`) or one that binds none (`_`). */
export function isUnnamed(p: ParameterEntry): boolean {
  return p.names.length !== 1 || /[([{]/.test(p.pattern);
}

/** The parameter lists around `line`: the function's, then each closure's whose block holds it. */
function parameterListsAt(source: string[], line: number, spec: ParameterSpec): ParameterEntry[][] {
  if (!spec.parameters || !spec.definition) return [];
  const definition = new RegExp(spec.definition.replaceAll('NAME', '[A-Za-z_$][\\w$]*'));
  let start = Math.min(line, source.length);
  while (start >= 1 && !definition.test(source[start - 1]!)) start--;
  if (start < 1) return [];
  const bodyStart = spec.bodyStart ? new RegExp(spec.bodyStart) : undefined;
  const lines: string[] = [];
  for (let n = start; n <= Math.min(source.length, start + MAX_SIGNATURE_LINES); n++) {
    lines.push(source[n - 1]!);
    if (bodyStart?.test(source[n - 1]!)) break;
  }
  const out = [entriesIn(parameterList(lines.join('\n')), spec)];
  if (spec.closure) {
    const closure = new RegExp(spec.closure);
    for (let n = start; n <= Math.min(line, source.length); n++) {
      const list = closure.exec(source[n - 1]!)?.groups?.list;
      if (list !== undefined && holds(source, n, line)) out.push(entriesIn(list, spec));
    }
  }
  return out;
}

/** Each top-level part of a parameter list: its name or pattern, and the names it binds. */
function entriesIn(list: string, spec: ParameterSpec): ParameterEntry[] {
  const one = new RegExp(spec.parameters!);
  const bound = spec.boundNames ? new RegExp(spec.boundNames, 'g') : undefined;
  const out: ParameterEntry[] = [];
  for (const part of topLevelParts(list)) {
    const pattern = one.exec(part)?.groups?.name;
    if (pattern === undefined) continue;
    const names = bound ? [...pattern.matchAll(bound)].flatMap((m) => (m.groups?.name ? [m.groups.name] : [])) : [pattern];
    out.push({ pattern: pattern.trim(), names });
  }
  return out;
}

/** A list cut at its commas outside brackets, parentheses, braces and generics' `<...>`. */
function topLevelParts(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if ('([{<'.includes(c)) depth++;
    else if (')]}'.includes(c) || (c === '>' && list[i - 1] !== '-')) depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(list.slice(from));
  return parts;
}

/** Whether the block a line opens at its end (`head`) holds `line`: it is that line, or every code line down to it is indented more. */
function holds(source: string[], head: number, line: number): boolean {
  const indent = indentOf(source[head - 1]!);
  for (let n = head + 1; n <= line; n++) if (source[n - 1]!.trim() && indentOf(source[n - 1]!) <= indent) return false;
  return true;
}

const indentOf = (text: string) => /^\s*/.exec(text)![0].length;

/** The text inside a signature's parameter parentheses (generics' `<...>` skipped before it). */
function parameterList(signature: string): string {
  let angle = 0;
  let open = -1;
  for (let i = 0; i < signature.length; i++) {
    const c = signature[i];
    if (c === '<') angle++;
    else if (c === '>' && signature[i - 1] !== '-') angle = Math.max(0, angle - 1);
    else if (c === '(' && angle === 0) {
      open = i;
      break;
    }
  }
  if (open < 0) return '';
  let depth = 0;
  for (let i = open; i < signature.length; i++) {
    if (signature[i] === '(') depth++;
    else if (signature[i] === ')' && --depth === 0) return signature.slice(open + 1, i);
  }
  return signature.slice(open + 1);
}

/**
 * A frame's locals at its entry with its unnamed ones (`unnamed(0)`, `unnamed(1)`, ... as the
 * inspector labels them, in the adapter's order) named by their parameters' patterns (`(lo, hi)`,
 * `_`) when its signature has exactly as many unnamed parameters, else left as labelled; and the
 * names a call's arguments are, in the signature's order (the unnamed ones included).
 */
export function namedArguments(entry: Record<string, string>, names: string[], own: ParameterEntry[], unnamed: (n: number) => string): { entry: Record<string, string>; parameters: string[] } {
  const labels: string[] = [];
  while (unnamed(labels.length) in entry) labels.push(unnamed(labels.length));
  const patterns = own.filter(isUnnamed).map((p) => p.pattern);
  if (!labels.length) return { entry, parameters: names };
  if (labels.length !== patterns.length || patterns.some((p) => p in entry)) return { entry, parameters: [...labels, ...names] };
  const rename = new Map(labels.map((label, i) => [label, patterns[i]!]));
  const renamed = Object.fromEntries(Object.entries(entry).map(([k, v]) => [rename.get(k) ?? k, v]));
  const ownOrder = own.flatMap((p) => (isUnnamed(p) ? [p.pattern, ...p.names] : p.names));
  return { entry: renamed, parameters: [...names.filter((n) => !ownOrder.includes(n)), ...ownOrder] };
}
