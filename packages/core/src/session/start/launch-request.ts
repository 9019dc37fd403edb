import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { ProfileRegistry } from '../../profiles/loader.js';
import { deepMerge, fillTemplate } from '../../profiles/template.js';
import { hooksFor, type TemplateVars } from '../../profiles/hooks/index.js';
import { appliesTo, type BreakpointBook } from '../../breakpoints/book.js';
import { GatewayError } from '../../errors.js';
import type { AllowRoots } from '../../policy/allow-roots.js';
import { checkArgsDepth } from '../checks/args-depth.js';
import { adapterCwd, checkRequired } from '../checks/request-checks.js';
import type { AdapterSupply } from '../connection/adapter-supply.js';
import { canonicalPath } from '../paths.js';
import type { LaunchRequest, StartPlan } from '../types.js';

/** What planning a launch reads of its workspace. */
export interface LaunchContext {
  readonly profiles: ProfileRegistry;
  readonly allowed: AllowRoots;
  /** Its breakpoints' files reach the template (`${breakpointFiles}`). */
  readonly book: BreakpointBook;
  readonly adapters: AdapterSupply;
}

/**
 * A unified launch as its profile's DAP request: the profile picked, the program and cwd checked
 * (they exist, inside the allowed roots), the required arguments there, the profile's hook run
 * and its template filled. The adapter's command line starts resolving before the hook runs.
 */
export async function planLaunch(req: LaunchRequest, w: LaunchContext): Promise<StartPlan> {
  checkArgsDepth(req.adapterArgs, 'adapterArgs');
  const program = req.program ? canonicalPath(req.program, req.cwd ?? process.cwd()) : undefined;
  const { fields = {}, ...unified } = req;
  const profile = await w.profiles.pickFor('launch', req.language, program, fields);
  const programStat = program ? await stat(program).catch(() => undefined) : undefined;
  if (program && !programStat) throw new GatewayError(`program '${req.program}' not found (looked at ${program})`, 'pass an absolute path, or one relative to cwd', 'not-found');
  const programIsFolder = !!programStat?.isDirectory();
  const cwd = canonicalPath(req.cwd ?? (program ? (programIsFolder ? program : resolve(program, '..')) : process.cwd()));
  if (!(await stat(cwd).catch(() => undefined))?.isDirectory()) throw new GatewayError(`cwd '${req.cwd}' is not a folder`, 'pass an existing folder as cwd', 'not-found');
  if (program) w.allowed.check('program', program);
  w.allowed.check('cwd', cwd);
  const template = profile.launch;
  checkRequired(profile, 'launch', template.requires, { ...fields, ...unified, program });
  const breakpointFiles = [...new Set(w.book.list().flatMap((b) => (b.file && appliesTo(b, req.sessionId) ? [b.file] : [])))];
  const vars: TemplateVars = { ...req.templateVars, ...fields, ...unified, program, cwd, stopOnEntry: req.stopOnEntry ?? false, breakpointFiles };
  const adapterCommand = w.adapters.ahead(profile);
  await hooksFor(profile.hooks).prepareLaunch?.(vars);
  const args = deepMerge(fillTemplate(template.arguments, vars) as Record<string, unknown>, req.adapterArgs);
  const named = Object.values(fields).find((v): v is string => typeof v === 'string'); // e.g. a module or main class
  const target = `${profile.id} ${program ? basename(program) : named ?? ''}${req.args?.length ? ` ${req.args.join(' ')}` : ''}`.trim();
  return {
    profile,
    kind: 'launch',
    target,
    cwd,
    requestArguments: args,
    targetAddress: undefined,
    extra: { exceptionFilters: req.exceptionFilters, exceptionFilterOptions: req.exceptionFilterOptions, exceptionStopCheck: req.exceptionStopCheck, adapterCwd: adapterCwd(profile, vars), sessionId: req.sessionId, adapterCommand, builtSources: vars.builtSources },
  };
}
