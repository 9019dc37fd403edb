import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';
import { launchFromConfiguration, listConfigurations, reattach, resolveAdapter, type ConfiguredLaunch, type SessionManager, type Session, type Profile } from '@dapgate/core';
import { defineTool, params } from './register.js';
import { ok } from './result.js';
import { describe, headline } from '../format/session.js';
import { setDisplay } from '../format/display.js';
import { settle, DEFAULT_WAIT_MS } from './waiting.js';
import { addBreakpoints, refuseUnsupportedKinds } from './breakpoint-tools.js';
import { frameLabel } from '../format/frames.js';
import { bindingNotes } from '../format/breakpoints.js';
import { armedLine, armedStops, workspaceArmedLine, type ArmedStops } from '../format/armed.js';
import { tailText } from '../format/text.js';
import { allAttachByPid, attachHint, fieldHelp, fieldShape, languageChoices, pidAttachers, takeFields, testIds } from './profile-fields.js';
import { outputs } from './output-schemas.js';
import { formatCandidates } from '../format/attach-candidates.js';
import { readHealth } from '../health.js';

export function registerSessionTools(server: McpServer, manager: SessionManager): void {
  const profiles = manager.profiles.profiles;
  defineTool(
    server,
    manager,
    'debug_languages',
    {
      title: 'Languages',
      description: 'Per language: adapter (version, path or how to install), launch/attach args, attach commands, test ids.',
      input: {},
      output: outputs.languages,
      annotations: { readOnlyHint: true },
    },
    async () => {
      const rows = await Promise.all(manager.profiles.profiles.map(async (p) => ({ profile: p, status: await resolveAdapter(p, { fresh: true }) })));
      const text = rows
        .map(({ profile: p, status: s }) =>
          s.installed
            ? `${p.id}: ${p.adapter.name} ready (runtime ${s.runtime}${s.version ? `, ${s.version}` : ''}); files ${p.extensions.join(' ')}; attach ${attachHint(p) ?? 'no'}; ${functionBreakpoints(p)}${testIds(p) ? `; test ids ${testIds(p)}` : ''}${Object.keys(p.fields).length ? `; arguments: ${Object.entries(fieldHelp(p)).map(([n, d]) => `${n} (${d.replace(/^\w+: /, '')})`).join(', ')}` : ''}${s.outdated ? ` — built from older sources: ${s.install}` : ''}`
            : `${p.id}: ${p.adapter.name} NOT INSTALLED — ${s.problem}. To fix: ${s.install}`,
        )
        .join('\n');
      const configs = await listConfigurations(manager.profiles, process.cwd()).catch((e: Error) => ({ error: e.message }));
      return ok(`${text}${configurationsText(configs)}`, {
        ...(configs ? { configurations: configs } : {}),
        languages: rows.map(({ profile: p, status: s }) => ({
          id: p.id,
          languages: p.languages,
          extensions: p.extensions,
          adapter: p.adapter.name,
          installed: s.installed,
          ...(s.version ? { version: s.version } : {}),
          ...(s.runtime ? { path: s.runtime } : {}),
          ...(s.problem ? { problem: s.problem } : {}),
          install: s.install,
          attach: !!p.attach,
          ...(attachHint(p) ? { attachHint: attachHint(p) } : {}),
          ...(testIds(p) ? { testIds: testIds(p) } : {}),
          ...(Object.keys(p.fields).length ? { fields: fieldHelp(p) } : {}),
        })),
      });
    },
  );

  defineTool(
    server,
    manager,
    'debug_launch',
    {
      title: 'Launch',
      description:
        'Run a program under the debugger; waits (unless wait: false) for the first stop or exit.',
      input: {
        program: z.string().optional(),
        configuration: z.string().optional().describe('from .vscode/launch.json'),
        ...fieldShape(profiles, 'launch'),
        language: z.string().optional().describe(languageChoices(profiles)),
        args: z.array(z.string()).optional(),
        cwd: z.string().optional(),
        env: params.env,
        stopOnEntry: z.boolean().optional(),
        breakpoints: z.array(params.breakpoint).optional().describe(params.breakpointsNote),
        display: params.display,
        wait: z.boolean().optional(),
        timeoutMs: params.timeoutMs(),
        adapterArgs: z.record(z.unknown()).optional(),
      },
      output: outputs.launch,
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    async (a, { signal, progress }) => {
      const configured = a.configuration
        ? await launchFromConfiguration(manager.profiles, a.configuration, { dir: resolve(a.cwd ?? (a.program ? dirname(resolve(a.program)) : process.cwd())), program: a.program, language: a.language })
        : undefined;
      const base = configured?.request ?? {};
      const given = {
        program: a.program ?? base.program,
        fields: { ...base.fields, ...takeFields(profiles, 'launch', a) },
        language: a.language ?? base.language,
        args: a.args ?? base.args,
        cwd: a.cwd ?? base.cwd,
        env: a.env || base.env ? { ...base.env, ...a.env } : undefined,
        stopOnEntry: a.stopOnEntry ?? base.stopOnEntry,
        adapterArgs: a.adapterArgs || base.adapterArgs ? { ...base.adapterArgs, ...a.adapterArgs } : undefined,
      };
      const bpCwd = given.cwd ?? (given.program ? dirname(resolve(given.program)) : process.cwd());
      refuseUnsupportedKinds(manager, { program: given.program, language: given.language, cwd: given.cwd, fields: given.fields }, a.breakpoints);
      // the breakpoints given are the session's own: they apply to it alone and end with it
      const sessionId = manager.reserveSessionId();
      const added = a.breakpoints?.length ? await addBreakpoints(manager, a.breakpoints.map((b) => ({ ...b, sessionId })), bpCwd) : [];
      const session = await manager.launch({ ...given, sessionId });
      if (a.display) setDisplay(session, a.display);
      const fromConfig = (configured ? configurationNote(a.configuration!, configured) : '') + workspaceArmedLine(session);
      const armed = armedStops(session, manager, given.stopOnEntry);
      const breakpoints = added.map((b) => b.id);
      if (a.wait === false) {
        const d = await describe(session);
        return ok(`${d.text.replace(/\.$/, '')}. ${armedLine(armed)}${fromConfig}`, { ...d.structured, breakpoints, armed: armed.parts });
      }
      // with or without anything armed: a program that ends or crashes at once is answered in this call
      const d = await settle(session, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 3, progress);
      const notes = [bindingNotes(session, breakpoints), d.structured.waitTimedOut ? `${armedLine(armed)}${unarmedAdvice(armed)}` : '', d.structured.waitTimedOut ? outputSoFar(session) : ''].filter(Boolean);
      return ok([d.text, ...notes].join('\n') + fromConfig, { ...d.structured, breakpoints, armed: armed.parts });
    },
  );

  defineTool(
    server,
    manager,
    'debug_attach',
    {
      title: 'Attach',
      description: `Attach to a running program by port (how to start one: debug_languages)${pidAttachers(profiles) ? ` or processId${allAttachByPid(profiles) ? '' : ` (${pidAttachers(profiles)})`}; neither: lists processes` : ''}.`,
      input: {
        language: z.string().optional(),
        ...fieldShape(profiles, 'attach'),
        host: z.string().optional(),
        port: z.number().int().min(1).max(65535).optional(),
        processId: z.number().int().optional(),
        waitForTargetMs: z.number().int().min(0).max(600_000).optional().describe('retry until listening'),
        reconnect: z.boolean().optional().describe('re-attach on restart'),
        cwd: z.string().optional(),
        adapterArgs: z.record(z.unknown()).optional(),
        breakpoints: z.array(params.breakpoint).optional(),
        exceptionFilters: z.array(z.string()).optional(),
        display: z.array(z.string()).optional(),
        reattach: z.string().optional().describe('session lost in a restart'),
      },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    async (a) => {
      const { language, host, port, processId, waitForTargetMs, reconnect, cwd, adapterArgs, exceptionFilters } = a;
      const fields = takeFields(profiles, 'attach', a);
      // waitForTargetMs waits for a target on the default port that is still starting: not a request to list the running ones
      if (port === undefined && processId === undefined && !a.reattach && !waitForTargetMs && (language !== undefined || Object.keys(fields ?? {}).length > 0)) {
        const pick = await manager.attachCandidates({ language, fields });
        if (pick) return ok(formatCandidates(pick), { candidates: pick.processes, more: pick.more });
      }
      const sessionId = manager.reserveSessionId();
      const added = a.breakpoints?.length ? await addBreakpoints(manager, a.breakpoints.map((b) => ({ ...b, sessionId })), cwd ?? process.cwd()) : [];
      const attaching = a.reattach ? reattach(manager, a.reattach, sessionId) : manager.attach({ language, host, port, processId, waitForTargetMs, reconnect, cwd, adapterArgs, fields, exceptionFilters, sessionId });
      const session = await attaching.catch((e: unknown) => {
        manager.endOwned(sessionId); // the breakpoints given to an attach that failed end with it
        throw e;
      });
      if (a.display) setDisplay(session, a.display);
      if (session.state === 'stopped') await session.waitForSettled(2_000); // its frames are being fetched
      const d = await describe(session);
      const applied = added.length ? `\nBreakpoints ${added.map((b) => b.id).join(', ')} (its own) were applied before configurationDone, so a target that waits for the debugger had them before it resumed.` : '';
      return ok(`${d.text}${applied}${workspaceArmedLine(session)}`, { ...d.structured, breakpoints: added.map((b) => b.id) });
    },
  );

  defineTool(
    server,
    manager,
    'debug_sessions',
    {
      title: 'Sessions',
      description: 'Sessions: id, language, target, state, where. sessionId defaults to the latest live one.',
      input: {},
      output: outputs.sessions,
      annotations: { readOnlyHint: true },
    },
    async () => {
      const all = manager.list();
      const note = manager.kept.problem ? `\nNote: ${manager.kept.problem}` : '';
      const lost = [...manager.kept.lost.values()].map((s) => ({ sessionId: s.id, language: s.language, target: s.target, kind: s.kind, state: 'lost', was: s.state }));
      const lostText = lost.map((r) => `${r.sessionId} lost in a gateway restart (was ${r.was}) — ${r.target} (${r.kind})${r.kind === 'attach' ? `; debug_attach {reattach: "${r.sessionId}"} attaches again` : ''}`);
      if (!all.length && !lost.length) return ok(`No sessions. Start one with debug_launch or debug_attach.${note}`, { sessions: [] });
      const rows = all.map((s) => ({ sessionId: s.id, language: s.profile.id, target: s.target, kind: s.kind, state: s.state, ...(s.detached ? { detached: true } : {}), where: where(s) }));
      const dropped = manager.droppedEnded ? `\n(${manager.droppedEnded} older ended session(s) dropped; the last few ended ones are kept)` : '';
      const text = [...rows.map((r) => `${r.sessionId} ${r.detached ? 'detached (its program was left running)' : r.state}${r.where ? ` at ${r.where}` : ''} — ${r.target} (${r.kind})`), ...lostText].join('\n');
      return ok(text + dropped + note, { sessions: [...rows, ...lost], droppedEnded: manager.droppedEnded });
    },
  );

  defineTool(
    server,
    manager,
    'debug_status',
    {
      title: 'Status',
      description: 'A session: state, where and why stopped, source, frames (default 5), locals.',
      input: {
        sessionId: params.sessionId,
        source: z.boolean().optional(),
        locals: z.boolean().optional(),
        frames: z.number().int().min(0).max(50).optional(),
        display: params.display.describe('[] = none'),
        threadId: params.threadId,
      },
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      if (a.display) setDisplay(s, a.display);
      const d = await describe(s, { source: a.source, locals: a.locals, frames: a.frames ?? 5, threadId: a.threadId });
      return ok(d.text, d.structured);
    },
  );

  defineTool(
    server,
    manager,
    'debug_stop',
    {
      title: 'Stop',
      description: 'End a session: kill a launched program, detach an attached one (or terminate).',
      input: { sessionId: params.sessionId, terminate: z.boolean().optional() },
      output: outputs.stop,
      annotations: { destructiveHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      const terminate = a.terminate ?? s.kind === 'launch';
      const wasLive = s.live;
      const stateBefore = s.state;
      const target = await s.end(terminate, 'debug_stop');
      // a launched program ends with its session either way (dapgate would leave it running with nobody to end it)
      const ends = terminate || s.kind === 'launch';
      const why = !terminate && s.kind === 'launch' ? ' (terminate: false detaches only from an attached program; one dapgate launched ends with its session)' : '';
      let what: string;
      if (!wasLive) what = 'had already ended';
      else if (!ends) what = s.release ? detachWords(s.release) : `ended; detached while ${stateBefore} (whether the program runs was not checked)`;
      else if (!target) what = s.kind === 'launch' ? `ended; the debugger was told to end the program (not checked: dapgate knows no pid of it)${why}` : 'ended; the program was terminated';
      else if (target.gone) what = `ended; the program was terminated: ${target.detail}${why}`;
      else what = `ended, but the program was NOT terminated: ${target.detail}`;
      const terminated = ends && wasLive && (target?.gone ?? true);
      const detached = s.release && !ends ? { detached: { running: s.release.running, removed: s.release.removed, left: s.release.left } } : {};
      return ok(`${headline(s)} ${what}.`, { sessionId: s.id, state: s.state, terminated, ...detached, ...(target?.pid ? { pid: target.pid } : {}) });
    },
  );

  defineTool(
    server,
    manager,
    'debug_diagnose',
    {
      title: 'Diagnose',
      description: 'Adapter command, stderr, capabilities, DAP traffic, pending requests.',
      input: { sessionId: params.sessionId },
      output: outputs.diagnose,
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      const d = s.diagnostics();
      const health = readHealth();
      const caps = Object.entries(s.capabilities).filter(([, v]) => v === true).map(([k]) => k.replace(/^supports/, ''));
      const lines = [
        `${headline(s)} is ${s.state}${s.failure ? ` (failed: ${s.failure.reason})` : ''}`,
        `adapter: ${s.adapterCommand?.join(' ') ?? '(connected to the target directly)'}${s.adapterPid ? ` pid ${s.adapterPid}` : ''}${d.adapterExit ? `, ${d.adapterExit}` : ''}`,
        `${s.kind} arguments: ${JSON.stringify(s.requestArguments)}`,
        `capabilities: ${caps.join(', ') || '(none reported)'}`,
        `exception filters offered: ${(s.capabilities.exceptionBreakpointFilters ?? []).map((f) => f.filter).join(', ') || '(none)'}`,
        `pending requests: ${d.pendingRequests.map((p) => `#${p.seq} ${p.command} (${p.ageMs} ms)`).join(', ') || 'none'}`,
        'recent DAP traffic:',
        ...d.traffic.slice(-20).map((t) => `  ${new Date(t.at).toISOString().slice(11, 23)} ${t.direction === 'out' ? '->' : '<-'} ${t.summary}`),
        `adapter stderr (tail):\n${s.stderrTail(15) || '  (empty)'}`,
        `gateway: event-loop delay p99 ${health.eventLoopDelayMs.p99} ms (max ${health.eventLoopDelayMs.max} ms) since the last diagnose, rss ${health.rssMb} MB, heap ${health.heapUsedMb} MB, ${manager.list().filter((x) => x.live).length} live sessions, ${manager.pool.pids().length} warm adapters`,
      ];
      return ok(lines.join('\n'), {
        sessionId: s.id,
        state: s.state,
        adapterCommand: s.adapterCommand,
        requestArguments: s.requestArguments,
        pid: s.adapterPid,
        capabilities: s.capabilities,
        pendingRequests: d.pendingRequests,
        traffic: d.traffic.slice(-20),
        stderrTail: s.stderrTail(15),
        gateway: { ...health, liveSessions: manager.list().filter((x) => x.live).length, warmAdapterPids: manager.pool.pids() },
      });
    },
  );
}

/** What a function breakpoint is in this language, or that there are none (said here, not found out by trying). */
function functionBreakpoints(p: Profile): string {
  if (!p.breakpointKinds.function) return `no function breakpoints (${p.adapter.name} has none: set file and line; debug_trace finds a function by its name in the file)`;
  return `function breakpoints${p.breakpointKinds.functionNames ? `: ${p.breakpointKinds.functionNames}` : ''}`;
}

/** After a launch's wait ran out: what could still stop the program, when no breakpoint can. */
function unarmedAdvice(armed: ArmedStops): string {
  if (armed.waitFor) return '';
  if (armed.onlyExceptions) return ' No breakpoints and no stopOnEntry: only an exception stops it; debug_wait waits for one, debug_breakpoint_set adds a breakpoint.';
  return ' Nothing can stop it (no breakpoints, no exception filters, no stopOnEntry): set one with debug_breakpoint_set, or read debug_output.';
}

/** What a still-running program printed so far (the last lines), or that it printed nothing. */
function outputSoFar(s: Session): string {
  const out = s.output.tail(200).map((e) => e.text).join('').replace(/\r\n/g, '\n');
  return out.trim() ? `Output so far (last lines):\n${tailText(out, 10, 1_500)}` : 'Output so far: none.';
}

/** What a detach did: what it took out of the target, and whether the program was seen running. */
function detachWords(d: NonNullable<Session['release']>): string {
  const removed = d.removed.length ? `; removed what this session set in the target: ${d.removed.join(', ')}` : '';
  const left = d.left.length ? `; still set in the target (could not be removed): ${d.left.join('; ')}` : '';
  if (d.running) return `ended; detached, the program keeps running (seen running after the detach resumed it${removed})${left}`;
  return `ended; detached, but the program is NOT running: ${d.detail}${removed}${left}`;
}

function where(s: Session): string | undefined {
  const top = s.state === 'stopped' ? s.stop?.frames[0] : undefined;
  return top ? frameLabel(top, s.cwd) : undefined;
}

/** Where a configured launch came from, and what of the configuration VS Code would have done that dapgate did not. */
function configurationNote(name: string, c: ConfiguredLaunch): string {
  const ignored = c.ignored.length ? `; not carried out (VS Code only): ${c.ignored.join(', ')}` : '';
  return `\nFrom configuration '${name}' (${c.profile.id}) in ${c.launchJson}${ignored}.`;
}

/** The launch.json configurations debug_launch {configuration} can start (or why the file could not be read). */
function configurationsText(found: Awaited<ReturnType<typeof listConfigurations>> | { error: string }): string {
  if (!found) return '';
  if ('error' in found) return `\nLaunch configurations: ${found.error}`;
  const rows = found.items.map((c) => `  '${c.name}' (${c.type} ${c.request}) -> ${c.profile ?? 'no profile runs this type'}`);
  return `\nLaunch configurations in ${found.path} (debug_launch {configuration: "name"}):\n${[...rows, ...found.skipped.map((s) => `  ${s}`)].join('\n') || '  none'}`;
}
