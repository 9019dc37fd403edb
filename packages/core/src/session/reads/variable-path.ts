import { GatewayError } from '../../errors.js';

// The path language of variables (`order.items[0]`, `meta['region']`) and how adapters name the children it matches.

/** `a.b[0]['k']["k2"].c` -> ['a', 'b', '0', 'k', 'k2', 'c'] */
export function parsePath(path: string): string[] {
  const out: string[] = [];
  const re = /\s*(?:\.?([^.[\]\s]+)|\[\s*(?:'([^']*)'|"([^"]*)"|([^\]]*?))\s*\])/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < path.length && (m = re.exec(path))) {
    out.push(m[1] ?? m[2] ?? m[3] ?? m[4]!);
    at = re.lastIndex;
  }
  if (at < path.trimEnd().length || out.length === 0) throw new GatewayError(`cannot parse the path '${path}'`, "write it like order.items[0] or meta['region']", 'bad-arguments');
  return out;
}

/** Adapters name children differently: `0` or `[0]`, `key` or `'key'`. */
export function matches(name: string, segment: string): boolean {
  if (name === segment || name === `[${segment}]` || name === `'${segment}'` || name === `"${segment}"`) return true;
  // list indices may be zero-padded ("03") or bracketed ("[3]")
  const index = /^\[?(\d+)\]?$/;
  const a = index.exec(name);
  const b = index.exec(segment);
  return !!a && !!b && Number(a[1]) === Number(b[1]);
}
