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

/** The panic's message: the profile's expression in the panicking frame, else its pattern over the latest output; else said unknown. */
export async function panicMessage(session: Session): Promise<string> {
  const raise = session.profile.trace?.raise;
  if (raise?.message) {
    const frameId = session.stop?.frames[0]?.id;
    const r = await session.reads.evaluate(raise.message, frameId, 'watch', 'probe').catch(() => undefined);
    if (r?.result) return `panic: ${r.result}`;
  }
  if (raise?.output) {
    const pattern = new RegExp(raise.output, 'g');
    const find = () => [...session.output.tail(OUTPUT_ENTRIES).map((e) => e.text).join('').matchAll(pattern)].pop()?.groups?.message?.trim();
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
