import type { Session } from '../session/session.js';
import { cleanExceptionText } from '../session/events/exception-text.js';

/** The session is stopped at an exception (the trace's step met one). */
export function isExceptionStop(session: Session): boolean {
  return session.stop?.reason === 'exception';
}

/** What the exception is, as the adapter names it (its exceptionInfo, else the stop's text). */
export async function exceptionText(session: Session): Promise<string> {
  const stop = session.stop!;
  if (session.capabilities.supportsExceptionInfoRequest) {
    try {
      const info = await session.send('exceptionInfo', { threadId: stop.threadId });
      const noise = session.profile.stops.exceptionTextNoise;
      const description = cleanExceptionText(info?.description?.replace(/^"(.*)"$/s, '$1'), noise);
      const name = cleanExceptionText(info?.exceptionId, noise);
      if (info) return name && description?.includes(name) ? description : [name, description].filter(Boolean).join(': ');
    } catch {
      // fall back to what the stop said
    }
  }
  return (stop.text ?? stop.description ?? 'an exception').trim();
}
