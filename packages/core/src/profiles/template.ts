/**
 * Fills a DAP argument template. A string that is exactly "${name}" becomes the value of `name`
 * (any type) and its key is omitted when the value is undefined; "${name}" inside a longer string
 * is interpolated.
 */
export function fillTemplate(template: unknown, vars: Record<string, unknown>): unknown {
  if (typeof template === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(template);
    if (whole) return vars[whole[1]!];
    let missing = false;
    const text = template.replace(/\$\{(\w+)\}/g, (_, name: string) => {
      const v = vars[name];
      if (v === undefined) missing = true;
      return String(v);
    });
    return missing ? undefined : text;
  }
  if (Array.isArray(template)) return template.map((t) => fillTemplate(t, vars)).filter((v) => v !== undefined);
  if (template && typeof template === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(template)) {
      const filled = fillTemplate(v, vars);
      if (filled !== undefined) out[k] = filled;
    }
    return out;
  }
  return template;
}

/** Merges `extra` over `base`, recursing into plain objects (arrays and scalars are replaced). */
export function deepMerge(base: Record<string, unknown>, extra: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!extra) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const b = out[k];
    out[k] = isPlainObject(b) && isPlainObject(v) ? deepMerge(b, v) : v;
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
