import { GatewayError } from '../../errors.js';
import type { Session } from '../session.js';

/** What the adapter says about watching a variable path of a stopped session's frame. */
export async function dataBreakpointInfo(s: Session, path: string, frame: number): Promise<{ dataId: string; accessTypes?: string[] }> {
  if (!(s.activeClient() ?? s.connections.main)?.capabilities.supportsDataBreakpoints) {
    throw new GatewayError(`${s.profile.adapter.name} has no data breakpoints (watchpoints)`, 'use a conditional line breakpoint where the value changes', { code: 'not-supported' });
  }
  const { node, parentRef } = await s.inspector.resolvePath(frame, path);
  const body = await s.send('dataBreakpointInfo', { variablesReference: parentRef, name: node.name });
  if (!body?.dataId) throw new GatewayError(`${path} cannot be watched: ${body?.description ?? 'the adapter gave no reason'}`, 'watch a field (an object member) instead of a local', 'not-supported');
  s.sync.resolvedDataOn(s.activeClient());
  return { dataId: body.dataId, accessTypes: body.accessTypes };
}
