import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapConnection } from '@dapgate/dap';

/** The next event of that name on a connection (bounded). */
export function nextEvent(c: DapConnection, event: string, timeoutMs = 30_000): Promise<DebugProtocol.Event> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event within ${timeoutMs} ms`)), timeoutMs);
    const on = (e: DebugProtocol.Event) => {
      if (e.event !== event) return;
      clearTimeout(timer);
      c.off('event', on);
      resolve(e);
    };
    c.on('event', on);
  });
}
