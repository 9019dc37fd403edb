import { z } from 'zod';
import { regexp } from './regexp.js';

/** How the adapter describes stops, and which frames are the program's own (the rest is library code). */
export const StopsSpec = z
  .object({
    /**
     * A regexp of exception-stop descriptions that say nothing about the exception (js-debug:
     * "Paused on exception"): the exception's own text is shown instead.
     */
    genericExceptionDescription: regexp().optional(),
    /**
     * A regexp the adapter puts in the name of the frame where execution is paused when the frames
     * above it are an exception's traceback (debugpy's " (Current frame)"): the answer says a step
     * goes on from that frame.
     */
    pausedFrame: regexp().optional(),
    /**
     * A regexp of function names inside the language runtime (Go: `^runtime\.`). When a stop's
     * top frame is one (delve stops a panic in runtime.fatalpanic), the stop also names the first
     * frame of the program's own code, with its source.
     */
    internalFrames: regexp().optional(),
    /**
     * Stops armed whatever the agent sets (native code: crash signals; Go: panics). A launch with no
     * breakpoint still waits for them, and the answer names them.
     */
    alwaysArmed: z.array(z.string()).default([]),
    /**
     * A regexp of frame paths that are the runtime's, not the program's (node internals, the JDK):
     * a stop there shows the first program frame.
     */
    runtimeFrames: regexp().optional(),
    /**
     * A regexp of frame paths that are library code (the standard library's sources, dependencies):
     * with `runtimeFrames`, `internalFrames`, frames without a source and sources not on disk, these
     * are stepped back out of after a step into and collapsed in stacks.
     */
    libraryFrames: regexp().optional(),
    /**
     * Where the adapter itself keeps step into out of library code for the whole launch (java-debug's
     * stepFilters, js-debug's skipFiles, debugpy's justMyCode): how to launch without it. Said when a
     * step asks for library code.
     */
    adapterLibraryFilter: z.string().optional(),
    /**
     * Why a pause the adapter answered may bring no stop yet, and what to do (a runtime that stops
     * only when its code next runs: an idle Node server stops at its next request). Said when a
     * pause brings no stop in time, instead of a guess.
     */
    pauseWhenIdle: z.string().optional(),
    /**
     * A regexp of parts of frame names that tell a reader nothing (Rust's symbol hash `::h<16 hex>`;
     * js-debug's `<this>.` prefix when `<this>` is a cut description, not a name: `Timeout {.work`, or
     * no class: `global.make`, `Object.work`, `Module.make`):
     * removed from every frame name as frames are read, so stacks, stops and traces show the clean name.
     */
    frameNameNoise: regexp().optional(),
    /**
     * A regexp of parts of an exception stop's name or message that the adapter adds and that tell
     * a reader nothing (debugpy's "(note: full exception trace is shown but execution is paused
     * at: f)"): removed as the stop is read, the exception's own words kept exactly.
     */
    exceptionTextNoise: regexp().optional(),
    /**
     * Escapes in frame names the adapter left unresolved, and what each stands for (Rust's legacy
     * symbol mangling: `$LT$` is `<`, `..` is `::`; `_$` opens an escaped path segment): replaced
     * as frames are read, after the noise is removed.
     */
    frameNameEscapes: z.record(z.string().min(1), z.string()).optional(),
    /**
     * Parts of frame names a compiler spells out that a reader knows by a shorter name, and that
     * name (libstdc++'s `std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>>`
     * is `std::string`): replaced, in this order, as frames are read, after the escapes.
     */
    frameNameSpellings: z.record(z.string().min(1), z.string()).optional(),
  })
  .default({});
