import type { Session } from '@dapgate/core';

/** Who owns each breakpoint a stop names: "workspace", a session id, or "removed" when it is gone since. */
export function breakpointOwners(s: Session, ids: string[]): string[] {
  const book = s.breakpoints();
  return ids.map((id) => {
    const b = book.find((x) => x.id === id);
    return b ? (b.sessionId ?? 'workspace') : 'removed';
  });
}

/**
 * "breakpoint bp4, a workspace breakpoint set earlier; bp2, this session's own": each breakpoint a
 * stop names, with its owner. `ownBare`: the session's own are named bare (an answer to the call
 * that set them).
 */
export function atBreakpoints(s: Session, ids: string[], ownBare = false): string {
  const owners = breakpointOwners(s, ids);
  const named = ids.map((id, i) => {
    const owner = owners[i];
    if (owner === 'workspace') return `${id}, a workspace breakpoint set earlier`;
    if (owner === 'removed') return `${id} (removed since)`;
    if (owner === s.id) return ownBare ? id : `${id}, this session's own`;
    return `${id}, ${owner}'s own`;
  });
  return `breakpoint ${named.join('; ')}`;
}
