import { z } from 'zod';

/** A profile's `snapshot`: what the runtime tells about its threads beyond frames (debug_snapshot). */
export const SnapshotSpec = z
  .object({
    /**
     * The runtime's own word for what a paused thread waits on, evaluated in the thread's top frame
     * (delve: the goroutine's waitreason). `value` is a regexp whose `reason` group is the reason (an
     * empty one: the thread was not waiting), or whose `index` group is the reason's number in
     * `table`: an array expression read once per snapshot (evaluated without a frame, then its items,
     * named `[i]`, by variables), each item's value matched by `item`'s `reason` group (delve:
     * `runtime.waitReasonStrings`, 15-45 ms to index per goroutine; the number alone, under 1 ms).
     */
    waitReason: z
      .object({
        expression: z.string(),
        value: z.string(),
        table: z.object({ expression: z.string(), item: z.string() }).optional(),
      })
      .optional(),
    /**
     * Every thread's stack (and the locals of its nearest program frame) in one evaluation without a
     * frame, for runtimes whose pause cannot stop a thread blocked in a native call (debugpy: a
     * thread in time.sleep or a lock never reaches the tracer). The result (evaluated in `context`)
     * is JSON: [{id, name, frames: [[file, line, function, library?]], localsFrame, locals: {name: value}}].
     * `${library}` is replaced by the profile's libraryFrames regexp as a string literal.
     */
    /**
     * The adapter's request ({threadId}) that pauses every thread, sent when a pause left threads
     * running (java-debug's `pauseAll`: its `pause` suspends one thread, and after an attach the
     * others are not paused with it).
     */
    pauseAll: z.string().optional(),
    /**
     * The adapter's request (no arguments) that tells, per thread, the locks it holds and the one it
     * waits for: {threads: [{id, status, suspended, owned: [{type, id}], waitingFor: {type, id,
     * owner?}}], monitorInfo} (the java-debug host's `threadLocks`, from JDI).
     */
    locks: z.string().optional(),
    stacks: z.object({ expression: z.string(), context: z.string().default('clipboard') }).optional(),
  })
  .default({});

export type SnapshotSpec = z.infer<typeof SnapshotSpec>;
