import type { DebugProtocol } from '@vscode/debugprotocol';

/** `QuickLRU(1/10).get` -> `QuickLRU.get`: a function's name without descriptions that change while it runs. */
export function functionName(name: string): string {
  return name.replace(/\s*\([^()]*\)/g, '').trim();
}

type Stack = { frames: DebugProtocol.StackFrame[]; totalFrames?: number };

/**
 * Whether two stops are in the same function activation, for "what changed" after a step: the
 * same function name and source path, and, where the adapter tells where each function starts
 * (`starts`, from its locals scope), the same start line (two `<anonymous>` functions of one file
 * differ there); for stacks without async parts also the same caller and depth (recursion). Not
 * the formatted label: `this`'s description may change, and an `await` changes the stack below
 * the function.
 */
export function sameActivation(a: Stack, b: Stack, starts: [number | undefined, number | undefined] = [undefined, undefined]): boolean {
  const [ta, tb] = [a.frames[0], b.frames[0]];
  if (!ta || !tb) return false;
  const fn = (f: DebugProtocol.StackFrame | undefined) => (f ? `${functionName(f.name)} @ ${f.source?.path ?? f.source?.name ?? '?'}` : '-');
  if (fn(ta) !== fn(tb)) return false;
  const [sa, sb] = starts;
  if (sa !== undefined && sb !== undefined && sa !== sb) return false;
  const isAsync = (s: Stack) => s.frames.some((f) => f.presentationHint === 'label');
  if (isAsync(a) || isAsync(b)) return true;
  return fn(a.frames[1]) === fn(b.frames[1]) && (a.totalFrames ?? a.frames.length) === (b.totalFrames ?? b.frames.length);
}
