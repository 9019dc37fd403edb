import { readdir } from 'node:fs/promises';
import { extname } from 'node:path';
import { GatewayError } from '../errors.js';
import { hooksFor, type ProfileHooks, type TemplateVars } from '../profiles/hooks/index.js';
import { deepMerge, fillTemplate } from '../profiles/template.js';
import type { Profile, TestForm, TestSpec } from '../profiles/schema.js';
import type { SessionManager } from '../session/manager.js';
import { pathExists } from '../paths.js';
import { canonicalPath } from '../session/paths.js';
import type { LaunchRequest } from '../session/types.js';
import type { BreakpointRequest } from '../breakpoints/workspace-breakpoints.js';
import { TestRun, type ExpectedFailures } from './test-run.js';
import type { ThrownFailure } from './junit-xml.js';

export interface TestRequest {
  /** A test id in one of the profile's forms (pytest node id, unittest name, file::name, Class#method, ...). */
  test: string;
  language?: string;
  /** The project folder the runner runs in (default: the gateway's). */
  cwd?: string;
  env?: Record<string, string>;
  /** Stop where the test fails (default true). */
  stopAtFailure?: boolean;
  adapterArgs?: Record<string, unknown>;
  /** Breakpoints the agent gave with the test: the test session's own (they end with it). */
  breakpoints?: BreakpointRequest[];
  /** A second run of the tests that failed with these errors (in the first run's report), stopping where they are thrown (`rerunThrown`). */
  rerunOf?: ThrownFailure[];
}

/** Unified launch arguments a form's launch template may fill; besides them, the profile's declared `fields`. */
const UNIFIED = new Set(['program', 'args']);

/** Reads the test id with the profiles' test forms and launches its runner under the debugger. */
export async function launchTest(manager: SessionManager, req: TestRequest): Promise<TestRun> {
  const cwd = canonicalPath(req.cwd ?? process.cwd());
  // the agent's breakpoints are checked first (all or none) and are the test session's own: they end with a run that fails to start
  const sessionId = manager.reserveSessionId();
  const given = req.breakpoints?.length ? await manager.breakpoints.add(req.breakpoints.map((b) => ({ ...b, sessionId })), cwd) : [];
  try {
    return await launchReserved(manager, req, cwd, sessionId, given.map((b) => b.id));
  } catch (e) {
    manager.endOwned(sessionId);
    throw e;
  }
}

async function launchReserved(manager: SessionManager, req: TestRequest, cwd: string, sessionId: string, givenBreakpointIds: string[]): Promise<TestRun> {
  const picked = await pickForm(manager, req.test, req.language, cwd);
  const { profile, spec } = picked;
  const hooks = hooksFor(profile.hooks);
  const file = typeof picked.groups.file === 'string' ? canonicalPath(picked.groups.file, cwd) : undefined;
  if (file && !(await pathExists(file))) {
    const candidates = await hooks.testCandidates?.({ test: req.test, cwd, file }).catch(() => undefined);
    const listed = candidates?.length ? `pass one of the project's test files: ${candidates.slice(0, 10).join(', ')}${candidates.length > 10 ? ` and ${candidates.length - 10} more` : ''}` : undefined;
    throw new GatewayError(`test file '${picked.groups.file}' not found (looked at ${file})`, listed ?? 'pass a path relative to cwd (the project folder), or an absolute one', 'not-found');
  }
  const { form, groups } = await projectForm(picked, hooks, { test: req.test, cwd, ...(file ? { file } : {}) });
  const vars: TemplateVars = { ...form.vars, ...groups, test: req.test, cwd, ...(file ? { file } : {}), ...(req.env ? { env: req.env } : {}) };
  // a second run selects exactly the tests that failed (their full names), whatever the id selected
  if (req.rerunOf) vars.exactNames = req.rerunOf.map((e) => e.fullName);
  await hooks.prepareTest?.(vars);
  const filled = fillTemplate(form.launch, vars) as Record<string, unknown>;
  const launch: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  const templateVars: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filled)) (UNIFIED.has(k) ? launch : k in profile.fields ? fields : templateVars)[k] = v;
  // what the hook's build said of optimizations goes on to the launch (its prepareLaunch builds nothing then)
  if (vars.builtSources) templateVars.builtSources = vars.builtSources;

  const stopAtFailure = req.stopAtFailure ?? true;
  const entries = stopAtFailure && spec.armAtTestStart ? ((vars.entries as { file: string; line: number }[] | undefined) ?? []) : [];
  // the test's own breakpoints (entries, failures) are its session's alone
  const entryIds: string[] = [];
  for (const e of entries) entryIds.push((await manager.addBreakpoint({ file: e.file, line: e.line, temporary: true, sessionId }, cwd)).id);
  const failureIds: string[] = [];
  for (const name of stopAtFailure ? spec.failureBreakpoints : []) failureIds.push((await manager.addBreakpoint({ function: name, temporary: true, sessionId }, cwd)).id);
  if (entryIds.length || failureIds.length) await manager.synced();
  const immediate = stopAtFailure && !spec.armAtTestStart;
  const filterOptions = req.rerunOf && spec.thrownRerun ? [thrownFilter(spec.thrownRerun, req.rerunOf)] : spec.failureFilterOptions;
  try {
    const launched = manager.launch({
      ...(launch as Pick<LaunchRequest, 'program' | 'args'>),
      fields,
      language: profile.id,
      // the folder the runner runs in, where the hook says (cargo test: the package's), else the project's
      cwd: typeof vars.runCwd === 'string' ? vars.runCwd : cwd,
      env: req.env,
      sessionId,
      templateVars,
      adapterArgs: deepMerge(form.adapterArgs ?? {}, req.adapterArgs),
      ...(immediate ? { exceptionFilters: spec.failureFilters, exceptionFilterOptions: filterOptions, exceptionStopCheck: spec.handledCheck } : {}),
    });
    // the hook's check of the id (against what the runner collects) runs while the session starts
    const [checked, started] = await Promise.allSettled([vars.idCheck, launched]);
    if (checked.status === 'rejected') {
      if (started.status === 'fulfilled') await started.value.end(true, 'the test run (its id matches no test)').catch(() => undefined);
      throw checked.reason;
    }
    if (started.status === 'rejected') throw started.reason;
    const session = started.value;
    const reportDir = form.report ? (fillTemplate(form.report.dir, vars) as string | undefined) : undefined;
    const notes = Array.isArray(vars.testNotes) ? (vars.testNotes as string[]) : [];
    const expectedFailures = vars.expectedFailures as ExpectedFailures | undefined;
    return new TestRun({ session, test: req.test, form, spec, book: manager.book, stopAtFailure, entryBreakpointIds: entryIds, failureBreakpointIds: failureIds, givenBreakpointIds, reportDir, notes, expectedFailures, rerunOf: req.rerunOf });
  } catch (e) {
    const added = [...entryIds, ...failureIds];
    if (added.length) manager.book.remove(added);
    throw e;
  }
}

interface Match {
  test: string;
  profile: Profile;
  spec: TestSpec;
  form: TestForm;
  groups: Record<string, string>;
}

/** The profile and form a test id belongs to: by `language`, else the only profile with a form that reads it. */
async function pickForm(manager: SessionManager, test: string, language: string | undefined, cwd: string): Promise<Match> {
  const profiles = language ? [await manager.profiles.pick(language, undefined)] : manager.profiles.profiles;
  const withTests = profiles.filter((p) => p.test);
  if (language && !withTests.length) {
    const supported = manager.profiles.profiles.filter((p) => p.test).map((p) => p.id);
    throw new GatewayError(`${profiles[0]!.displayName} has no test runner support yet`, `tests run for: ${supported.join(', ')}; or run the test runner as a program`, { code: 'not-supported', next: 'launch-instead' });
  }
  const matches: Match[] = [];
  for (const profile of withTests) {
    for (const form of profile.test!.forms) {
      const m = new RegExp(form.match).exec(test);
      if (!m) continue;
      const groups = Object.fromEntries(Object.entries(m.groups ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string>;
      if (groups.file && !profile.extensions.includes(extname(groups.file).toLowerCase())) continue;
      matches.push({ test, profile, spec: profile.test!, form, groups });
      break;
    }
  }
  const forms = withTests.flatMap((p) => p.test!.forms.map((f) => `${p.id} ${f.runner}: ${f.example}`));
  if (matches.length === 0) throw new GatewayError(`cannot read '${test}' as a test id${language ? ` for ${language}` : ''}`, `test ids look like: ${forms.join('; ')}`, 'bad-arguments');
  if (matches.length > 1) {
    // a project file in cwd (Cargo.toml, *.csproj) tells which language the project is
    const inProject: Match[] = [];
    for (const m of matches) if (await hasProjectFile(m.profile, cwd)) inProject.push(m);
    if (inProject.length === 1) return inProject[0]!;
    throw new GatewayError(`'${test}' could be ${matches.map((m) => `${m.profile.id} (${m.form.runner})`).join(' or ')}`, `pass language (${matches.map((m) => m.profile.id).join(' or ')})`, 'ambiguous');
  }
  return matches[0]!;
}

/** The form of the runner the project tests with, when the profile's hook can tell (Jest or Vitest rather than node --test). */
async function projectForm(picked: Match, hooks: ProfileHooks, vars: TemplateVars): Promise<Pick<Match, 'form' | 'groups'>> {
  const runner = await hooks.testRunner?.(vars);
  if (!runner || runner === picked.form.runner) return picked;
  const form = picked.spec.forms.find((f) => f.runner === runner);
  const m = form && new RegExp(form.match).exec(picked.test);
  if (!form || !m) throw new GatewayError(`the project tests with ${runner}, and '${picked.test}' is not a ${runner} test id`, `${runner} test ids look like: ${form?.example ?? picked.form.example}`, 'bad-arguments');
  return { form, groups: Object.fromEntries(Object.entries(m.groups ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string> };
}

async function hasProjectFile(profile: Profile, cwd: string): Promise<boolean> {
  if (!profile.projectFiles.length) return false;
  let entries: string[];
  try {
    entries = await readdir(cwd);
  } catch {
    return false;
  }
  return profile.projectFiles.some((p) => (p.startsWith('*') ? entries.some((e) => e.endsWith(p.slice(1))) : entries.includes(p)));
}

/** The exception filter of the second run: the profile's `thrownRerun` condition over these errors. */
export function thrownFilter(spec: NonNullable<TestSpec['thrownRerun']>, errors: ThrownFailure[]): { filterId: string; condition: string } {
  const unique = [...new Map(errors.map((e) => [`${e.name}\n${e.message}`, e])).values()];
  // replaced by functions: a message's `$&` or `$'` is text, not a replacement pattern
  const matches = unique.map((e) => spec.match.replaceAll('${name}', () => JSON.stringify(e.name)).replaceAll('${message}', () => JSON.stringify(e.message)));
  return { filterId: spec.filterId, condition: spec.condition.replaceAll('${errors}', () => matches.join(' || ')) };
}
