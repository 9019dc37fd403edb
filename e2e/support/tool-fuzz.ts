// Random tool calls for the fuzz (e2e/tests/tool-fuzz.test.ts, `npm run fuzz`): tool names valid and
// not, arguments built from each tool's own parameter names with values of the right type, the
// wrong type, oversized (1 MB strings, 300-deep nesting), NUL-bearing paths, unknown keys and
// non-finite numbers. Waits and timeouts are kept short so the run stays fast: they are bounded by
// design and tested elsewhere; what the fuzz looks for is a call that is not answered clearly.
import fc from 'fast-check';

export interface ToolShape {
  name: string;
  params: Record<string, { type?: string }>;
}

export interface FuzzCall {
  name: string;
  args: unknown;
}

const MB = 'x'.repeat(1 << 20);
const deep = (n: number): unknown => (n === 0 ? 'bottom' : { a: [deep(n - 1)] });

/** Strings an agent might send, and worse. */
const text = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\0', 'a\0b', '../../../../etc/passwd', '/etc/passwd\0.py', '$(rm -rf /)', '${env:HOME}', '%s%n', 'é名前', '\u202e', 'constructor', '__proto__') },
  { weight: 1, arbitrary: fc.constant(MB) },
);

/** Numbers including the ones JSON cannot carry (NaN and Infinity arrive as null) and the edges. */
const number = fc.oneof(
  fc.integer({ min: -5, max: 2_000 }),
  fc.constantFrom(0, -0, -1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, NaN, Infinity, -Infinity),
  fc.double(),
);

const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('v'), { maxKeys: 4 }),
    fc.constant(deep(300)),
  ),
})).v;

/** A value shaped for the parameter (so validation passes and the handler runs) or deliberately not. */
function valueFor(key: string, type: string | undefined, programs: string[]): fc.Arbitrary<unknown> {
  if (/timeout|wait/i.test(key) && type === 'integer') return fc.oneof(fc.integer({ min: 0, max: 1_500 }), anyValue);
  const typed: fc.Arbitrary<unknown> =
    type === 'integer' ? fc.oneof(fc.integer({ min: -3, max: 70_000 }), number)
    : type === 'boolean' ? fc.boolean()
    : type === 'array' ? fc.array(fc.oneof(text, fc.record({ file: fc.oneof(text, fc.constantFrom(...programs)), line: fc.integer({ min: 0, max: 50 }) })), { maxLength: 3 })
    : type === 'object' ? fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text, anyValue), { maxKeys: 3 })
    : /program|file|cwd|path/i.test(key) ? fc.oneof(text, fc.constantFrom(...programs))
    : text;
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: anyValue });
}

/** One random call: mostly known tools with their own (and unknown) keys; some unknown tools; some non-object arguments. */
export function toolCall(tools: ToolShape[], programs: string[]): fc.Arbitrary<FuzzCall> {
  const known = fc.constantFrom(...tools).chain((tool) => {
    const keys = Object.keys(tool.params);
    const own = keys.length ? fc.subarray(keys) : fc.constant<string[]>([]);
    return own.chain((chosen) =>
      fc
        .record({
          given: fc.tuple(...chosen.map((k) => valueFor(k, tool.params[k]?.type, programs))),
          extra: fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'sessionId')), anyValue, { maxKeys: 2 }),
        })
        .map(({ given, extra }) => ({ name: tool.name, args: { ...extra, ...Object.fromEntries(chosen.map((k, i) => [k, given[i]])) } })),
    );
  });
  const unknownTool = fc.record({ name: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', 'debug_', 'DEBUG_LAUNCH', 'debug_launch ', '__proto__', 'tools/list', MB.slice(0, 70_000))), args: fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 }) });
  const oddArgs = fc.record({ name: fc.constantFrom(...tools.map((t) => t.name)), args: fc.oneof(fc.constant(null), fc.constant([]), text, number, fc.array(anyValue, { maxLength: 3 })) });
  return fc.oneof({ weight: 16, arbitrary: known }, { weight: 2, arbitrary: unknownTool }, { weight: 1, arbitrary: oddArgs });
}

/** What makes an answer unclear: no text, a stack trace, or a JavaScript value leaking through. */
export function unclear(text: string): string | undefined {
  if (!text.trim()) return 'empty answer';
  if (/^\s+at .+:\d+:\d+\)?$/m.test(text)) return 'a stack trace';
  if (/\[object Object\]|^undefined$|TypeError:|ReferenceError:|Cannot read propert/m.test(text)) return 'an internal error leaked';
  return undefined;
}
