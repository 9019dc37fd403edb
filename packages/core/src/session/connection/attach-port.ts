import { portState } from '@dapgate/dap';
import { GatewayError } from '../../errors.js';
import type { Profile } from '../../profiles/schema.js';
import { withoutStackTrace } from './adapter-text.js';

/** How long the check of an attach port may take. */
const PROBE_MS = 1_000;

/**
 * An attach to host:port that failed: what was tried, what is at that port (checked now), and what
 * to check, instead of the adapter's own words alone ("Could not connect to debug target", a
 * JDWP handshake error, a connection closed before `initialize`). Without host and port, `e` as is.
 */
export async function attachPortFailure(e: unknown, profile: Profile, host: string | undefined, port: number | undefined, targetAnswered = false): Promise<unknown> {
  if (!host || port === undefined) return e; // attached by pid: no port to check
  const said = withoutStackTrace((e as Error)?.message ?? String(e)).split('\n')[0]!.replace(/^attach failed: /, '').replace(/ \(something on .*$/, ''); // the port check below says that
  if (targetAnswered) {
    return new GatewayError(
      `attach failed: the ${profile.displayName} debug target at ${host}:${port} answered, but refused the attach. ${profile.adapter.name} said: ${said}`,
      `the port is the debugger's: what it said is why it refused`,
      { code: 'start-failed', next: 'new-session-diagnose' },
    );
  }
  const found = await portState(host, port, { timeoutMs: PROBE_MS, greeting: profile.attach?.portGreeting });
  const what =
    found === 'refused'
      ? 'nothing listens there'
      : found === 'listening'
        ? `something listens there, but it did not answer as a debug target does (it may be the program's own port, or another program)`
        : `the port did not answer within ${PROBE_MS} ms`;
  const start = profile.attach?.startHint ? ` (started with ${profile.attach.startHint})` : '';
  return new GatewayError(
    `attach failed: no ${profile.displayName} debug target at ${host}:${port}: ${what}. ${profile.adapter.name} said: ${said}`,
    `check that the target runs under a debugger${start} and that ${port} is its debug port, not the program's own; waitForTargetMs waits for a target still starting`,
    { code: 'no-attach', next: 'start-attach-target' },
  );
}
