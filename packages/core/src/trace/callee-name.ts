const compiled = new Map<string, RegExp>();
/** More rounds than any name nests (generic arguments inside generic arguments). */
const MAX_ROUNDS = 10;

/** A called function's name as a trace shows it: the profile's `trace.calleeNoise` removed, each part until it no longer matches. */
export function calleeName(name: string, noise: string[] | undefined): string {
  if (!noise?.length) return name;
  let out = name;
  for (const source of noise) {
    let re = compiled.get(source);
    if (!re) compiled.set(source, (re = new RegExp(source, 'g')));
    for (let i = 0; i < MAX_ROUNDS; i++) {
      const next = out.replace(re, '');
      if (next === out) break;
      out = next;
    }
  }
  return out || name;
}

/**
 * A callee traced (named by its frame) and a callee whose return the adapter reported are the same
 * function when one name is the other with qualifiers before it (`__get__`, `Lazy.__get__`).
 */
export function sameCallee(traced: string, reported: string): boolean {
  const a = traced.split('.');
  const b = reported.split('.');
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((part, i) => part === long[long.length - short.length + i]);
}
