import { waitForListener } from '@dapgate/dap';
import type { ProfileRegistry } from '../../profiles/loader.js';
import { deepMerge, fillTemplate } from '../../profiles/template.js';
import { hooksFor, type TemplateVars } from '../../profiles/hooks/index.js';
import { GatewayError } from '../../errors.js';
import type { AllowRoots } from '../../policy/allow-roots.js';
import { waitUntraced } from '../../process/debug-port.js';
import { checkArgsDepth } from '../checks/args-depth.js';
import { adapterCwd, checkRequired } from '../checks/request-checks.js';
import { attachPortFailure } from '../connection/attach-port.js';
import { AdapterRefusedError } from '../../adapter-errors.js';
import { canonicalPath } from '../paths.js';
import type { AttachRequest, StartExtras, StartPlan } from '../types.js';

/** What planning an attach reads of its workspace. */
export interface AttachContext {
  readonly profiles: ProfileRegistry;
  readonly allowed: AllowRoots;
  /** The id of the live attach session that holds this target, if one does. */
  holderOf(target: string): string | undefined;
  reserveSessionId(): string;
}

/** An attach as its profile's DAP request, with what a failed attempt is read by. */
export interface AttachPlan extends StartPlan {
  retry: {
    /** The profile's regexps of adapter errors that mean "the target is not listening yet". */
    notListening: string[];
    portGreeting: string | undefined;
    /** The adapter traces the process for a moment (attach by pid): the attach is done once it let go. */
    injects: boolean;
    /** The profile hook's words for an attach the adapter refused, if it has any. */
    explain(message: string): Promise<string | undefined> | undefined;
    host: string;
    port: number | undefined;
    processId: number | undefined;
    /** Until when a target that is not listening yet is waited for (`waitForTargetMs`). */
    deadline: number;
  };
}

/**
 * A unified attach as its profile's DAP request: the profile and its variant picked by the
 * arguments given, what it cannot attach by refused, the target not attached already, the address
 * or process checked against the allowed roots, the profile's hook run and its template filled.
 */
export async function planAttach(req: AttachRequest, w: AttachContext): Promise<AttachPlan> {
  checkArgsDepth(req.adapterArgs, 'adapterArgs');
  const { fields = {}, ...unified } = req;
  const profile = await w.profiles.pickFor('attach', req.language, undefined, fields);
  const base = profile.attach;
  if (!base) throw new GatewayError(`${profile.displayName} has no attach support in dapgate yet`, undefined, { code: 'no-attach', next: 'launch-instead' });
  const given: Record<string, unknown> = { ...fields, ...unified };
  const variant = base.variants.find((v) => v.when.every((k) => given[k] !== undefined));
  const template = { ...base, ...variant };
  for (const u of template.unsupported) {
    if ((req as unknown as Record<string, unknown>)[u] !== undefined) {
      throw new GatewayError(`${profile.displayName} cannot attach by ${u}`, `attach by ${u === 'processId' ? 'host and port' : 'processId'} instead`, 'not-supported');
    }
  }
  const host = req.host ?? template.defaultHost;
  const port = req.port ?? template.defaultPort;
  const cwd = canonicalPath(req.cwd ?? process.cwd());
  const vars: TemplateVars = { ...fields, ...unified, host, port, cwd };
  checkRequired(profile, 'attach', template.requires, vars);
  const target = req.processId ? `${profile.id} pid ${req.processId}` : `${profile.id} ${host}:${port}`;
  const holder = w.holderOf(target);
  if (holder) throw new GatewayError(`${target} is already attached by session ${holder}`, undefined, { code: 'already-attached', next: 'stop-session', session: holder });
  // before the hooks: they may signal the process (Node's SIGUSR1) or ask it to open a port (jcmd)
  const deadline = Date.now() + (req.waitForTargetMs ?? 0);
  if (w.allowed.confining) {
    w.allowed.check('cwd', cwd);
    await w.allowed.checkAttach(req.processId === undefined ? { host, port } : { host: req.host, processId: req.processId }, deadline);
  }
  const hooks = hooksFor(profile.hooks);
  await hooks.prepareAttach?.(vars);
  const args = deepMerge(fillTemplate(template.arguments, vars) as Record<string, unknown>, req.adapterArgs);
  const extra: StartExtras = {
    // every attempt under one id: the breakpoints given to the attach are that session's own
    sessionId: req.sessionId ?? w.reserveSessionId(),
    reconnect: req.reconnect,
    attachAddress: req.processId || port === undefined || !host ? undefined : { host, port },
    targetPid: req.processId,
    exceptionFilters: req.exceptionFilters,
    adapterCwd: adapterCwd(profile, vars),
    evaluateOnAttach: template.evaluateOnAttach === undefined ? undefined : (fillTemplate(template.evaluateOnAttach, vars) as string | undefined),
  };
  const address = template.connect === 'target' ? { host, port: port!, waitMs: req.waitForTargetMs ?? 0 } : undefined;
  return {
    profile,
    kind: 'attach',
    target,
    cwd,
    requestArguments: args,
    targetAddress: address,
    extra,
    retry: {
      notListening: template.notListeningPatterns,
      portGreeting: template.portGreeting,
      injects: !!template.injects,
      explain: (message) => hooks.explainAttachFailure?.(message, vars),
      host,
      port,
      processId: req.processId,
      deadline,
    },
  };
}

/**
 * Attaches as planned. The adapter connects to the target itself: while the target is not
 * listening yet, wait until its port listens (looked up, not connected to where possible), then
 * attach again; `forgetFailedAttempt` drops the session of the attempt that failed first.
 */
export async function attachUntilListening<S>(plan: AttachPlan, start: (plan: StartPlan) => Promise<S>, forgetFailedAttempt: () => void): Promise<S> {
  const { profile, targetAddress: address } = plan;
  const { host, port, processId, deadline } = plan.retry;
  for (;;) {
    try {
      const session = await start(plan);
      if (plan.retry.injects && processId !== undefined) await waitUntraced(processId, 10_000);
      return session;
    } catch (e) {
      const refused = plan.retry.notListening.some((p) => new RegExp(p, 'i').test((e as Error).message));
      const advice = await plan.retry.explain((e as Error).message);
      if (advice) throw new GatewayError(`${(e as Error).message}`, advice, 'no-attach');
      // connected to the target itself: a refusal in DAP is the target's own answer, not something else at its port
      const targetAnswered = !!address && (e as Error)?.cause instanceof AdapterRefusedError;
      if (address || !refused || port === undefined || Date.now() >= deadline) throw await attachPortFailure(e, profile, processId === undefined ? host : undefined, port, targetAnswered);
      forgetFailedAttempt();
      if (!(await waitForListener(host, port, deadline, { greeting: plan.retry.portGreeting }))) throw await attachPortFailure(e, profile, host, port);
    }
  }
}
