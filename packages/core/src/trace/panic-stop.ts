import type { Session } from '../session/session.js';

/** How long the panic message may trail the stop in the program's output (lldb-dap forwards stderr on its own thread). */
const OUTPUT_WAIT_MS = 1_500;
/** Output entries searched for the message (a panic hook may print a long backtrace after it). */
const OUTPUT_ENTRIES = 400;

/** Whether the session stopped where a panic starts (the profile's `trace.raise.function`): not a DAP exception stop. */
export function isPanicStop(session: Session): boolean {
  const fn = session.profile.trace?.raise?.function;
  const top = session.state === 'stopped' ? session.stop?.frames[0] : undefined;
  return !!fn && !!top && new RegExp(fn).test(top.name);
}

/**
 * The panic's message: the profile's expression in the panicking frame, else its pattern over the
 * latest output (where the pattern names the panicking thread, only this stop's thread's panic:
 * an earlier test's expected panic is not this one); else said unknown.
 */
export async function panicMessage(session: Session): Promise<string> {
  const raise = session.profile.trace?.raise;
  if (raise?.message) {
    const frameId = session.stop?.frames[0]?.id;
    const r = await session.reads.evaluate(raise.message, frameId, 'watch', 'probe').catch(() => undefined);
    if (r?.result) return `panic: ${r.result}`;
  }
  if (raise?.output) {
    const stopped = session.stop ? session.threads.get(session.stop.threadId)?.name : undefined;
    const find = () => lastPanic(raise.output!, session.output.tail(OUTPUT_ENTRIES).map((e) => e.text).join(''), stopped);
    const until = Date.now() + OUTPUT_WAIT_MS;
    let found = find();
    while (!found && Date.now() < until) {
      await session.output.waitForNewer(session.output.cursor, until - Date.now());
      found = find();
    }
    if (found) return `panic: ${found}`;
  }
  return 'a panic (its message was not available)';
}

/** The system keeps this many characters of a thread's name (Linux: 15), so a longer name is seen cut. */
const THREAD_NAME_KEPT = 15;

/**
 * The last panic message in `text` by the profile's `trace.raise.output` (its lines joined with
 * "; "); where the pattern has a `thread` group and `thread` is given, the last one of that thread.
 */
export function lastPanic(pattern: string, text: string, thread?: string): string | undefined {
  const ofThread = (name: string | undefined) => !thread || name === undefined || name === thread || (thread.length >= THREAD_NAME_KEPT && name.startsWith(thread));
  const found = [...text.matchAll(new RegExp(pattern, 'g'))].filter((m) => ofThread(m.groups?.thread)).pop()?.groups?.message;
  const lines = found?.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  return lines?.length ? lines.join('; ') : undefined;
}
