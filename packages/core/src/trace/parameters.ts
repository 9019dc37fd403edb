/** What finds a function's parameter names in its source: the profile's `trace` fields of those names. */
export interface ParameterSpec {
  /** A regexp of one parameter in a signature's parameter list (named group `name`). */
  parameters?: string;
  /** A regexp of a function's definition line (`NAME`: the function's name). */
  definition?: string;
  /** A regexp of the line that ends a signature. */
  bodyStart?: string;
}

/** The longest signature read (lines from the definition line to its body). */
const MAX_SIGNATURE_LINES = 30;

/**
 * The parameter names of the function around `line`: of the nearest definition line at or above
 * it, read from its parameter list (the first parenthesis not inside `<...>`, to the one that
 * closes it). None when the profile says not how, or no definition is found.
 */
export function parametersAt(source: string[], line: number, spec: ParameterSpec): Set<string> {
  const out = new Set<string>();
  if (!spec.parameters || !spec.definition) return out;
  const definition = new RegExp(spec.definition.replaceAll('NAME', '[A-Za-z_$][\\w$]*'));
  let start = Math.min(line, source.length);
  while (start >= 1 && !definition.test(source[start - 1]!)) start--;
  if (start < 1) return out;
  const bodyStart = spec.bodyStart ? new RegExp(spec.bodyStart) : undefined;
  const lines: string[] = [];
  for (let n = start; n <= Math.min(source.length, start + MAX_SIGNATURE_LINES); n++) {
    lines.push(source[n - 1]!);
    if (bodyStart?.test(source[n - 1]!)) break;
  }
  const list = parameterList(lines.join('\n'));
  for (const m of list.matchAll(new RegExp(spec.parameters, 'g'))) if (m.groups?.name) out.add(m.groups.name);
  return out;
}

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
