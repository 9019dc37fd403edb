import { listConfigurations, resolveAdapter, type Profile } from '@dapgate/core';
import { ok, type ToolResult } from './result.js';
import { attachHint, fieldHelp, testIds } from './profile-fields.js';
import { outputs } from './output-schemas.js';
import { tool, type ToolContext } from './register.js';

const config = {
  title: 'Languages',
  description: 'Per language: adapter (version, path or how to install), launch/attach args, attach commands, test ids.',
  input: {},
  output: outputs.languages,
  annotations: { readOnlyHint: true },
};

export async function debugLanguages(_args: unknown, { manager }: ToolContext): Promise<ToolResult> {
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
}

export const debugLanguagesTool = tool('debug_languages', config, debugLanguages);

/** What a function breakpoint is in this language, or that there are none (said here, not found out by trying). */
function functionBreakpoints(p: Profile): string {
  if (!p.breakpointKinds.function) return `no function breakpoints (${p.adapter.name} has none: set file and line; debug_trace finds a function by its name in the file)`;
  return `function breakpoints${p.breakpointKinds.functionNames ? `: ${p.breakpointKinds.functionNames}` : ''}`;
}

/** The launch.json configurations debug_launch {configuration} can start (or why the file could not be read). */
function configurationsText(found: Awaited<ReturnType<typeof listConfigurations>> | { error: string }): string {
  if (!found) return '';
  if ('error' in found) return `\nLaunch configurations: ${found.error}`;
  const rows = found.items.map((c) => `  '${c.name}' (${c.type} ${c.request}) -> ${c.profile ?? 'no profile runs this type'}`);
  return `\nLaunch configurations in ${found.path} (debug_launch {configuration: "name"}):\n${[...rows, ...found.skipped.map((s) => `  ${s}`)].join('\n') || '  none'}`;
}
