import { z } from 'zod';
import { regexp } from './regexp.js';

/** debug_trace: what differs per adapter when following one frame with step-over. */
export const TraceSpec = z.object({
  /**
   * A regexp of the local names under which the adapter reports a function's return value
   * (debugpy `(return) f`, java-debug `->f()`, js-debug `Return value`); the named group `callee`,
   * when present, says which function returned.
   */
  returnValue: regexp().optional(),
  /**
   * The adapter shows a function's return value at the next stop after it returned, wherever that
   * stop is (java-debug): a stop without it did not follow a return of that function.
   */
  returnValueAlwaysShown: z.boolean().optional(),
  /**
   * The adapter shows `returnValue` only for a call that returned a value (java-debug: none for a
   * void method or a constructor), and a step over a return into program code always stops in
   * that caller (JDWP stops at the caller's next instruction): a stop there without a return
   * value is where the call returned to, not past it.
   */
  returnValueOnlyForValues: z.boolean().optional(),
  /**
   * Where the adapter reports no return values: a regexp of a return statement whose named group
   * `expr` is evaluated on that line before it runs (only an expression without calls or
   * assignments, which evaluating again cannot change).
   */
  returnExpression: regexp().optional(),
  /**
   * The adapter keeps one return value per callee (debugpy): a regexp of a line that may have
   * called the function more than once (`NAME`: its name; passed as a value to map, called in a
   * comprehension or twice), after which the value shown is only the last call's.
   */
  repeatedCall: regexp().optional(),
  /** Exception filters armed while tracing, so a raising line stops where it raises. */
  exceptionFilters: z.array(z.string()).default([]),
  /** A regexp of a function's definition line; `NAME` stands for the (escaped) function name. */
  definition: regexp().optional(),
  /**
   * A regexp of the line that opens what a qualified name's first part names (`Cart` in
   * `Cart.total`: a class, an impl block; Go: the method's own line with its receiver); `NAME`
   * stands for that part. The function is the first definition from there to the end of that
   * block (the next line indented no deeper).
   */
  container: regexp().optional(),
  /** A regexp of the line that ends a definition's signature (`:` / `{`); the body starts after it. */
  bodyStart: regexp().optional(),
  /** A regexp of lines that are not code (comments, docstrings) at the start of a body. */
  skipLines: regexp().optional(),
  /**
   * Regexps of parts of a called function's frame name a trace leaves out where it names the call
   * (Rust: generic arguments `map<alloc::vec::IntoIter<i32>, F>`, the crate and module path before
   * a type or the function: `Shelf::total`, `<Shelf as Scaled>::scaled`): each removed, in order,
   * until it no longer matches.
   */
  calleeNoise: z.array(regexp()).optional(),
  /**
   * Callees that only syntax calls (Python's `<listcomp>`, `<dictcomp>`, `<setcomp>`: a
   * comprehension's own frame), each with a regexp of that syntax (`\bfor\b`): a return value of
   * one is a call a line made only where the line's statement has that syntax. Elsewhere the value
   * changed because the object it returned was changed (a dict built by a comprehension, then
   * written to), not because anything was called.
   */
  syntaxCallees: z.record(regexp(), regexp()).optional(),
  /**
   * Blocks of lines that are not code at the start of a body (a docstring over several lines): a
   * line matching `start` opens one unless the rest of that line matches `end`; it runs through the
   * first later line matching `end`.
   */
  skipBlocks: z.array(z.object({ start: regexp(), end: regexp() }).strict()).optional(),
  /**
   * A regexp of lines that only close blocks (`}`): stepping over them after the return
   * expression was evaluated keeps that value (any other line in between makes it unknown).
   */
  blockEnd: regexp().optional(),
  /** A regexp of a return statement, with a value or without (where `returnExpression` matches only some). */
  returnStatement: regexp().optional(),
  /**
   * A frame left from a `blockEnd` line with no return statement run returns no value (Go: a
   * function with results must end in a terminating statement).
   */
  voidAtBlockEnd: z.boolean().optional(),
  /**
   * A regexp of scope names whose variables a trace does not re-read on every line (js-debug's
   * Closure: the enclosing functions' and the module's variables, costly to read, changed by few
   * lines): they are read where the trace starts, around each line whose text names one of them,
   * at the frame's last stop (its return value shown, an exception, a cut), and a change found
   * between those reads is reported with the lines it happened in.
   */
  boundaryScopes: regexp().optional(),
  /**
   * A regexp of the scope that holds a function's own locals, where blocks of the function may come
   * before it (js-debug: `Block: f` scopes, then `Local: f`): a trace's locals at its start are
   * those scopes through it; without it, the first scope's.
   */
  functionScope: regexp().optional(),
  /**
   * A regexp of a declaration of block-scoped names on a line (named group `names`: a name or a
   * destructuring pattern; JavaScript's `let`/`const`, C's locals; group `loop` when it is a
   * counting loop head's, `for (int i = 0; ...)`, which a stop on that line may find declared on
   * an earlier pass). Such a name's value counts from the step that runs its line: before that the
   * adapter shows what its slot holds (V8 reuses a block's slots, so a loop's later pass shows the
   * last pass's values; a C local, a stack leftover), which answers do not show as a value.
   */
  declarations: regexp().optional(),
  /**
   * A regexp of one parameter in a function's parameter list (a part between top-level commas;
   * named group `name`: its name or its pattern), read from the signature at `definition` (through
   * `bodyStart`): a parameter is never "not declared yet", though a later declaration shadows its
   * name (Rust's `let data = data.as_ref();`).
   */
  parameters: regexp().optional(),
  /** A regexp of a name a parameter's pattern binds (named group `name`: `lo` and `hi` of `(lo, hi)`). */
  boundNames: regexp().optional(),
  /** A regexp of a closure whose block opens at its line's end (named group `list`: its parameters, read as `parameters`). */
  closure: regexp().optional(),
  /**
   * Stack frames read at each stop while tracing (default 20), where the adapter's `totalFrames`
   * is exact whatever the page (lldb-dap), so a stop's depth is still known: fewer are cheaper.
   */
  stopFrames: z.number().int().min(1).optional(),
  /**
   * The adapter may lose a step over a return (V8: a return through `finally`, or out of a
   * `for…of` loop, runs on without stopping in the caller): while a frame is traced, a breakpoint
   * of the trace's own waits just after the call in its caller's frame, so the trace ends there.
   */
  guardCaller: z.boolean().optional(),
  /** A regexp of locals that are a function's result slots (delve's `~r0`): neither arguments nor changes. */
  resultLocals: regexp().optional(),
  /**
   * Panics that are not DAP exception stops (Go, Rust): a stop whose top frame's name matches
   * `function` means the line being stepped over panicked; the trace ends there, the session
   * stopped where the panic started. `breakpoint`: a function breakpoint armed while tracing
   * (else the adapter already stops there); the message is `message` evaluated in that frame, or
   * the group `message` of `output` matched against the program's latest output (with a group
   * `thread`, the panicking thread's name: only the stopped thread's panic is its message).
   */
  /**
   * A regexp of exception stops the program cannot go on from (lldb's `signal SIGSEGV`: a step
   * delivers the signal and the process dies): the trace ends there as raised, the session left
   * stopped at the fault where it can be read, instead of stepping on into the program's death.
   */
  fatalException: regexp().optional(),
  raise: z
    .object({
      function: regexp(),
      breakpoint: z.string().optional(),
      /** The condition of that breakpoint: where the function runs for other things than a panic too (Go's deferreturn and Goexit), only a panic stops. */
      condition: z.string().optional(),
      message: z.string().optional(),
      output: regexp().optional(),
    })
    .optional(),
});

export type TraceSpec = z.infer<typeof TraceSpec>;
