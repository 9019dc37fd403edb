import type { AttachCandidates } from '@dapgate/core';

/** The processes an attach could pick, one a line, with the ports each listens on. */
export function formatCandidates(c: AttachCandidates): string {
  const at = c.defaultPort === undefined ? '' : `nothing listens on ${c.defaultHost}:${c.defaultPort}, the default ${c.language} debug port, `;
  if (!c.processes.length) return `No session: ${at}and no ${c.language} process of yours is running here. Start the program (debug_languages says how to start one for debugging), or debug_launch it.`;
  const rows = c.processes.map((p) => `  pid ${p.pid}  ${p.command}${p.ports === undefined ? '' : p.ports.length ? `  (listens on ${p.ports.join(', ')})` : ''}`);
  const more = c.more ? `\n  … ${c.more} more` : '';
  return `No session: ${at}so here are the ${c.language} processes running here. Attach to one with debug_attach {language: "${c.language}", processId: PID}, or {port: PORT} where it was started for debugging:\n${rows.join('\n')}${more}`;
}
