import { GatewayError } from '../../errors.js';
import type { LibraryFrames } from '../reads/library-frames.js';
import type { Session } from '../session.js';
import type { ThreadSnapshot } from './snapshot-types.js';

/** One thread as the profile's `snapshot.stacks` expression reports it. */
interface EvaluatedThread {
  id: number;
  name?: string;
  frames: [string, number, string, boolean?][];
  localsFrame?: number | null;
  locals?: Record<string, string>;
}

/**
 * Every thread's stack read by one evaluation of the profile's `snapshot.stacks` expression, while
 * the program runs or stands: the runtime lists its threads itself, so threads blocked in native
 * calls (which an adapter's pause never stops) are there too. It is dapgate's own read-only
 * expression, not the agent's: the evaluation policy does not apply. Threads are named by the
 * adapter's thread ids where their names match one thread the adapter lists.
 */
export async function evaluatedStacks(s: Session, library: LibraryFrames, deadline: number): Promise<ThreadSnapshot[]> {
  const spec = s.profile.snapshot.stacks!;
  const expression = spec.expression.replace('${library}', JSON.stringify(s.profile.stops.libraryFrames ?? '(?!)'));
  const client = s.programClient();
  if (!client) throw new GatewayError(`session ${s.id} has no connection`, undefined, { code: 'session-ended', next: 'new-session' });
  const timeoutMs = Math.max(1_000, deadline - Date.now());
  const r = await s.send('evaluate', { expression, context: spec.context }, timeoutMs, client);
  let parsed: EvaluatedThread[];
  try {
    parsed = JSON.parse(r?.result ?? '') as EvaluatedThread[];
    if (!Array.isArray(parsed)) throw new Error('not a list');
  } catch (e) {
    throw new GatewayError(`cannot take a snapshot: the runtime's thread listing could not be read (${(e as Error).message}): ${(r?.result ?? '').slice(0, 200)}`, 'the adapter traffic (diagnose) shows why', { code: 'not-supported', next: 'check-status' });
  }
  const listed = await s.reads.threads().catch(() => []);
  const byName = new Map<string, number[]>();
  for (const t of listed) if (t.name) byName.set(t.name, [...(byName.get(t.name) ?? []), t.id]);
  const stopped = new Set(listed.filter((t) => t.state === 'stopped').map((t) => t.id));
  return Promise.all(
    parsed.map(async (t) => {
      const flags = await library.classify(t.frames.map(([file, , name]) => ({ name, source: { path: file } })));
      const frames = t.frames.map(([file, line, name, lib], index) => ({ index, name, file, line, library: flags[index]! || !!lib }));
      const ids = t.name ? byName.get(t.name) : undefined;
      const id = ids?.length === 1 ? ids[0]! : t.id;
      const localsFrame = t.localsFrame ?? undefined;
      return {
        id,
        ...(t.name ? { name: t.name } : {}),
        state: stopped.has(id) ? ('stopped' as const) : ('sampled' as const),
        frames,
        programFrame: localsFrame ?? frames.find((f) => !f.library)?.index,
        ...(localsFrame !== undefined ? { locals: t.locals ?? {}, localsFrame } : {}),
      };
    }),
  );
}
