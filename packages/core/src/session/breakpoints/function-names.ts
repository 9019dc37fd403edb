/** A profile's way of reading an adapter's "ambiguous function name" refusal (see schema `breakpointKinds.ambiguous`). */
export interface AmbiguousNameSpec {
  /** A regexp of the refusal with a `candidates` group: the names the adapter found. */
  message: string;
  /** What separates the candidates in that group. */
  separator: string;
  /** A regexp template, `${name}` standing for the name given (escaped): the one candidate that is exactly that name. */
  exact: string;
}

/**
 * Function breakpoint names as sent to the adapter. A name the adapter refused as ambiguous whose
 * candidates hold exactly one that is that very name spelt in full (delve: `store.Get` among
 * `example.com/x/store.Get` and `example.com/x/store.Result.Get`) is sent in full from then on.
 */
export class FunctionNames {
  private readonly full = new Map<string, string>();

  constructor(private readonly spec: AmbiguousNameSpec | undefined) {}

  /** The name to send for the name given. */
  sent(name: string): string {
    return this.full.get(name) ?? name;
  }

  /** Learns from a refusal of `name`; true when it now sends another name (send again). */
  learn(name: string, refusal: string | undefined): boolean {
    if (!this.spec || !refusal || this.full.has(name)) return false;
    const list = new RegExp(this.spec.message).exec(refusal)?.groups?.candidates;
    if (!list) return false;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const exact = new RegExp(this.spec.exact.replace('${name}', escaped));
    const matches = [...new Set(list.split(this.spec.separator).map((c) => c.trim()))].filter((c) => exact.test(c));
    if (matches.length !== 1 || matches[0] === name) return false;
    this.full.set(name, matches[0]!);
    return true;
  }
}
