import { z } from 'zod';
import { regexp } from './regexp.js';

/** A profile's `threads`: how the adapter treats threads at a stop. */
export const ThreadsSpec = z
  .object({
    /**
     * The adapter stops only the thread that hit a breakpoint (java-debug); after such a stop the
     * gateway sends this request ({threadId}) so the other threads pause too, while the agent reads.
     */
    suspendOthers: z
      .object({
        /** The adapter's request that pauses every thread but the given one. */
        request: z.string(),
        /** The key in the request's arguments (e.g. given in adapterArgs) that turns it on or off. */
        argument: z.string(),
        /** Whether it is on when the agent does not say, per request kind. */
        default: z.object({ launch: z.boolean(), attach: z.boolean() }),
        /**
         * The adapter's steps resume only the stepping thread (java-debug's next/stepIn/stepOut):
         * threads the request paused are still paused at the step's stop, so it is not sent again
         * then, unless a thread started or anything else resumed since.
         */
        keptBySteps: z.boolean().default(false),
      })
      .optional(),
    /**
     * The adapter cannot list threads while the program runs (delve answers with one placeholder,
     * -1 "Current"): a listing then says so instead of showing its answer.
     */
    unlistedWhileRunning: z.boolean().default(false),
    /**
     * A request sent before every `pause`, for an adapter that drops a pause otherwise (delve 1.27
     * attached by pid takes a pause for "cancel symbol downloads" and answers nothing until one of
     * its continues has ended, which after an attach may be never: a breakpoint request halts and
     * resumes the target, which ends one). Its answer is not used; it costs a halt and a resume.
     */
    beforePause: z.object({ request: z.string(), arguments: z.record(z.string(), z.unknown()).default({}) }).optional(),
    /** A regexp of the runtime's own thread names (the JVM's Reference Handler, Finalizer...): a pause without threadId picks another thread. */
    systemThreads: regexp().optional(),
  })
  .default({});
