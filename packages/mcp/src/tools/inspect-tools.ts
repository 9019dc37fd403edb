import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';
import { AdapterRefusedError, GatewayError, type Session, type SessionManager } from '@dapgate/core';
import { defineTool, params } from './register.js';
import { failure, ok } from './result.js';
import { variableJson, variableTree, VALUE_MAX } from '../format/values.js';
import { clip } from '../format/text.js';
import { frameFile, frameLocation } from '../format/frames.js';
import { stackView } from '../format/stack.js';
import { atBreakpoints } from '../format/breakpoint-owners.js';
import { outputs } from './output-schemas.js';
import { shortPath } from '../format/text.js';

const MAX_TREE_LINES = 200;

export function registerInspectTools(server: McpServer, manager: SessionManager): void {
  defineTool(
    server,
    manager,
    'debug_set_variable',
    {
      title: 'Set variable',
      description: 'Set a variable or member by path (e.g. a.b[0]); value is an expression.',
      input: { path: z.string(), value: z.string(), frame: params.frame, threadId: params.threadId, sessionId: params.sessionId },
      output: outputs.setVariable,
      annotations: { destructiveHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      if (!s.capabilities.supportsSetVariable) throw new GatewayError(`${s.profile.adapter.name} cannot set variables`, 'use debug_evaluate with an assignment where the language allows it');
      const inspector = s.inspectorFor(a.threadId);
      const { node, parentRef } = await inspector.resolvePath(a.frame ?? 0, a.path);
      const old = node.value;
      const r = await s.reads.setVariable(parentRef, node.name, a.value, a.threadId);
      return ok(`${a.path}: ${clip(old, 60)} -> ${clip(r.value, 120)}`, { sessionId: s.id, state: s.state, path: a.path, old, value: r.value, ...(r.type ? { type: r.type } : {}) });
    },
  );

  defineTool(
    server,
    manager,
    'debug_threads',
    {
      title: 'Threads',
      description: 'Threads: the stopped one first, at most limit (default 100).',
      input: { sessionId: params.sessionId, limit: z.number().int().min(1).max(2_000).optional() },
      output: outputs.threads,
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      if (s.state === 'running' && s.profile.threads.unlistedWhileRunning && !s.threads.anyStopped) {
        const text = `${s.profile.adapter.name} cannot list the threads of a running program (session ${s.id} is running); debug_pause stops it, then debug_threads lists them all.`;
        return ok(text, { sessionId: s.id, state: s.state, threads: [], unlistedWhileRunning: true });
      }
      const listed = await s.reads.threads();
      const focus = s.state === 'stopped' ? s.threads.focus() : undefined;
      const stopped = s.threads.stoppedThreads().filter((t) => listed.includes(t));
      const ordered = [...(focus && stopped.includes(focus) ? [focus] : []), ...stopped.filter((t) => t !== focus), ...listed.filter((t) => !stopped.includes(t))];
      const limit = a.limit ?? 100;
      const rows = ordered.slice(0, limit).map((t) => {
        const top = t.stop?.frames[0];
        const why = t.state !== 'stopped' ? undefined : t.stop ? (t.stop.breakpointIds.length ? atBreakpoints(s, t.stop.breakpointIds) : t.stop.reason) : 'paused with the others';
        return { id: t.id, name: t.name, state: t.state, ...(why ? { reason: why } : {}), ...(top ? { file: frameFile(top), line: top.line, function: top.name } : {}), current: t === focus, target: s.targetName(t) };
      });
      const targets = new Set(rows.map((r) => r.target));
      const line = (r: (typeof rows)[number]) =>
        `${r.current ? '*' : ' '} ${r.id} ${r.name ?? ''} (${r.state}${r.reason ? `: ${r.reason}` : ''})${r.file ? ` ${shortPath(r.file, s.cwd)}:${r.line} in ${r.function}` : ''}${targets.size > 1 ? ` [${r.target}]` : ''}`;
      const cap = s.profile.adapterThreadLimit;
      const capped = cap !== undefined && listed.length >= cap;
      const count = capped ? `at least ${listed.length} (${s.profile.adapter.name} lists at most ${cap})` : `${listed.length}`;
      const more = ordered.length > rows.length ? `… ${ordered.length - rows.length} more (pass limit to see more); ` : '';
      const text = rows.length ? `${rows.map(line).join('\n')}\n${more}${count} threads: ${stopped.length} stopped, ${listed.length - stopped.length} running.` : `No threads (session ${s.state}).`;
      return ok(text, { sessionId: s.id, state: s.state, total: listed.length, stopped: stopped.length, threads: rows, ...(capped ? { totalIsLowerBound: true } : {}) });
    },
  );

  defineTool(
    server,
    manager,
    'debug_stack',
    {
      title: 'Stack',
      description: 'Frames: index (other tools\' frame; 0 = top), function, file:line.',
      input: {
        sessionId: params.sessionId,
        threadId: params.threadId,
        startFrame: z.number().int().min(0).optional(),
        levels: z.number().int().min(1).max(200).optional(),
        library: z.boolean().optional(),
      },
      output: outputs.stack,
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      const start = a.startFrame ?? 0;
      const { frames, total, totalIsLowerBound } = await s.reads.stackTrace(a.threadId, start, a.levels ?? 20);
      const view = await stackView(s, frames, start, a.library);
      const more = total !== undefined && total > start + frames.length ? `\n… ${totalIsLowerBound ? 'at least ' : ''}${total - start - frames.length} more frames (startFrame: ${start + frames.length})` : '';
      const collapsed = view.libraryFrames && !a.library ? `\n(${view.libraryFrames} library frame${view.libraryFrames === 1 ? '' : 's'} collapsed; library: true lists them)` : '';
      const text = view.lines.join('\n') + more + collapsed;
      return ok(frames.length ? text : 'No frames.', { sessionId: s.id, state: s.state, threadId: a.threadId ?? s.stop?.threadId, frames: view.rows, totalFrames: total, ...(totalIsLowerBound ? { totalIsLowerBound } : {}) });
    },
  );

  defineTool(
    server,
    manager,
    'debug_variables',
    {
      title: 'Variables',
      description: 'Locals of a frame, or with path (e.g. a.b[0]) that value to depth levels.',
      input: {
        sessionId: params.sessionId,
        threadId: params.threadId,
        frame: params.frame,
        scope: z.string().optional(),
        path: z.string().optional(),
        depth: z.number().int().min(0).max(5).optional().describe('default 1'),
        names: z.array(z.string()).optional().describe('only these'),
        maxItems: z.number().int().min(1).max(500).optional(),
      },
      output: outputs.variables,
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      const inspector = s.inspectorFor(a.threadId);
      const frame = a.frame ?? 0;
      const options = { depth: a.depth ?? 1, maxItems: a.maxItems ?? 25, names: a.names };
      if (a.path) {
        const { node } = await inspector.resolvePath(frame, a.path);
        await inspector.expand(node, options);
        node.name = a.path;
        const lines = cap(variableTree([node], '', VALUE_MAX * 2));
        return ok(lines.join('\n'), { sessionId: s.id, state: s.state, frame, variable: variableJson(node) });
      }
      const scopes = await inspector.frameVariables(frame, { ...options, depth: options.depth + 1, scope: a.scope });
      const lines: string[] = [];
      for (const sc of scopes) {
        lines.push(`${sc.name}:`);
        lines.push(...variableTree(sc.variables ?? [], '  '));
        if (sc.moreChildren) lines.push(`  … ${sc.moreChildren} more (raise maxItems or pass names)`);
        for (const g of sc.groups ?? []) lines.push(`  ${g.label}: ${clipNames(g.names)}`);
        if (sc.noise?.length) lines.push(`  (hidden: ${clipNames(sc.noise)} — modules and dunder names; pass names: ["${sc.noise[0]}"] or path: "${sc.noise[0]}" to see one)`);
        if (a.names) {
          const missing = a.names.filter((n) => !(sc.variables ?? []).some((v) => v.name === n));
          if (missing.length && scopes.length === 1) lines.push(`  (not in this scope: ${missing.join(', ')})`);
        }
      }
      const all = await inspector.scopes(frame);
      const others = all.filter((x) => !scopes.some((y) => y.name === x.name)).map((x) => x.name);
      if (others.length) lines.push(`(other scopes: ${others.join(', ')} — pass scope to see them)`);
      return ok(cap(lines).join('\n'), {
        sessionId: s.id,
        state: s.state,
        frame,
        scopes: scopes.map((sc) => ({
          name: sc.name,
          variables: (sc.variables ?? []).map(variableJson),
          ...(sc.moreChildren ? { moreChildren: sc.moreChildren } : {}),
          ...(sc.groups ? { groups: Object.fromEntries(sc.groups.map((g) => [g.label, g.names])) } : {}),
          ...(sc.noise ? { hidden: sc.noise } : {}),
        })),
      });
    },
  );

  defineTool(
    server,
    manager,
    'debug_evaluate',
    {
      title: 'Evaluate',
      description: 'Evaluate an expression in a stopped frame; errors list names there.',
      input: {
        expression: z.string().min(1),
        frame: params.frame,
        context: z.enum(['watch', 'repl', 'hover', 'clipboard']).optional(),
        threadId: params.threadId,
        sessionId: params.sessionId,
      },
      output: outputs.evaluate,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      const frame = a.frame ?? 0;
      const frameId = s.state === 'stopped' ? await s.reads.frameId(frame, a.threadId) : undefined;
      try {
        const answer = await s.reads.evaluate(a.expression, frameId, a.context ?? s.profile.evaluation.context ?? 'repl', 'evaluate', a.threadId);
        const inspector = s.inspectorFor(a.threadId);
        const { node, items, more, moreAtLeast } = await inspector.evaluated(answer, 25);
        const r = { ...answer, result: node.value };
        const type = r.type ? ` (${r.type})` : '';
        // a statement (an assignment, a call for its effect) was run, not an expression's value to show as `x = v`
        const executed = r.result === '' || isAssignment(a.expression);
        let text = executed ? `executed: ${a.expression}${r.result === '' ? '' : `; its value: ${clip(r.result, 2_000)}${type}`}` : `${a.expression} = ${clip(r.result, 2_000)}${type}`;
        const structured: Record<string, unknown> = { sessionId: s.id, state: s.state, expression: a.expression, result: r.result, ...(r.type ? { type: r.type } : {}) };
        if (node.variablesReference > 0 && !inspector.opaque(node.type)) {
          if (items.length) text += `\n${variableTree(items, '  ').join('\n')}${more ? `\n  … ${moreAtLeast ? 'at least ' : ''}${more} more` : ''}`;
          structured.members = items.map(variableJson);
        }
        return ok(text, structured);
      } catch (e) {
        if (!(e instanceof AdapterRefusedError)) throw e;
        const here = s.state === 'stopped' ? await whereAndNames(s, frame, a.threadId) : '';
        return failure(`${e.message.trim()}${here}`, { sessionId: s.id, state: s.state, expression: a.expression, error: e.message });
      }
    },
  );
}

async function whereAndNames(s: Session, frame: number, threadId?: number): Promise<string> {
  try {
    const f = await s.reads.frameAt(frame, threadId);
    const names = [...(await s.inspectorFor(threadId).snapshot(frame)).keys()];
    return ` (in ${f.name} at ${frameLocation(f, s.cwd)}). Names here: ${names.slice(0, 30).join(', ') || '(none)'}.`;
  } catch {
    return '';
  }
}

/** `a.b = 1`, `x += 2` (not `==`, `<=`, `=>`): an assignment outside quotes. */
function isAssignment(expression: string): boolean {
  const bare = expression.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
  return /(^|[^=!<>])(\*\*|[-+*/%&|^]|<<|>>>?|\?\?|&&|\|\|)?=(?![=>])/.test(bare);
}

function cap(lines: string[]): string[] {
  if (lines.length <= MAX_TREE_LINES) return lines;
  return [...lines.slice(0, MAX_TREE_LINES), `… ${lines.length - MAX_TREE_LINES} more lines (lower depth or maxItems, or name a path)`];
}

function clipNames(names: string[], max = 20): string {
  return names.length > max ? `${names.slice(0, max).join(', ')} (+${names.length - max} more)` : names.join(', ');
}
