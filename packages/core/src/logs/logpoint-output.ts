/**
 * Adapters that print a logpoint as the program's own output (js-debug compiles `got {x}` into
 * `console.log("got %O", x)`, which prints strings quoted: `got 'user1'`). Such a line is
 * recognised by the logpoint's template and re-rendered as console.log would print it
 * (`got user1`), so logpoint messages can be read apart from what the program printed. A program
 * line that happens to read exactly like a logpoint's template is taken for one.
 */
export function asLogpointMessage(text: string, templates: string[], quote: string): string | undefined {
  const message = text.replace(/\r?\n$/, '');
  for (const template of templates) {
    const { literals } = splitTemplate(template);
    const pattern = new RegExp(`^${literals.map(escapeRegExp).join('(.*?)')}$`, 's');
    const m = pattern.exec(message);
    if (!m) continue;
    const values = m.slice(1).map((v) => unquote(v, quote));
    return literals.reduce((out, lit, i) => out + lit + (values[i] ?? ''), '') + (text.endsWith('\n') ? '\n' : '');
  }
  return undefined;
}

/** `got {user.id} at {t}` -> literals ['got ', ' at ', ''] around two placeholders. */
function splitTemplate(template: string): { literals: string[] } {
  const literals: string[] = [];
  let rest = template;
  for (;;) {
    const open = rest.indexOf('{');
    const close = open < 0 ? -1 : rest.indexOf('}', open);
    if (open < 0 || close < 0) {
      literals.push(rest);
      return { literals };
    }
    literals.push(rest.slice(0, open));
    rest = rest.slice(close + 1);
  }
}

/** A string shown in the adapter's quotes (`'user1'`, escapes inside) -> its text. */
function unquote(value: string, quote: string): string {
  if (value.length < 2 || !value.startsWith(quote) || !value.endsWith(quote)) return value;
  const inner = value.slice(1, -1);
  if (new RegExp(`(^|[^\\\\])${escapeRegExp(quote)}`).test(inner)) return value; // two values, not one string
  return inner.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
