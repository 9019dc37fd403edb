import { z } from 'zod';
import { declaredFields, type FieldType, type Profile, type RequestKind } from '@dapgate/core';

const ZOD: Record<FieldType, () => z.ZodTypeAny> = {
  string: () => z.string(),
  'string[]': () => z.array(z.string()),
  number: () => z.number(),
  boolean: () => z.boolean(),
  object: () => z.record(z.unknown()),
  'object[]': () => z.array(z.record(z.unknown())),
};

/**
 * Input-schema entries for the language-only arguments the loaded profiles declare for a request
 * (Python's `module`, Java's `mainClass`, ...): a new profile adds its own without touching this.
 * Each is described by the language(s) taking it; what it means is in debug_languages' answer
 * (fieldHelp), read when that language is used, not paid for in every tools/list. `brief`: a
 * tool that launches for its own ends lists only the fields that say what runs (`selects`), bare.
 */
export function fieldShape(profiles: Profile[], request: RequestKind, brief = false): Record<string, z.ZodTypeAny> {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const d of declaredFields(profiles, request)) {
    if (brief && !d.declarations.some((x) => x.spec.selects)) continue;
    const types = [...new Set(d.declarations.map((x) => x.spec.type))].map((t) => ZOD[t]());
    const type = types.length === 1 ? types[0]! : z.union(types as [z.ZodTypeAny, z.ZodTypeAny, ...z.ZodTypeAny[]]);
    const owners = d.declarations.map((x) => x.profile.id).join(', ');
    const shared = d.declarations.length > 1 ? ' (pass language)' : '';
    shape[d.name] = brief ? type.optional() : type.optional().describe(owners + shared);
  }
  return shape;
}

/** What each language-only argument of a profile means, for debug_languages: {mainClass: "Java: main class, ...", ...}. */
export function fieldHelp(p: Profile): Record<string, string> {
  return Object.fromEntries(Object.entries(p.fields).map(([name, spec]) => [name, spec.description]));
}

/** The language-only arguments among a tool's arguments. */
export function takeFields(profiles: Profile[], request: RequestKind, args: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const d of declaredFields(profiles, request)) if (args[d.name] !== undefined) out[d.name] = args[d.name];
  return Object.keys(out).length ? out : undefined;
}

/** "python, java, node" from the loaded profiles, for parameter descriptions. */
export function languageChoices(profiles: Profile[], withAttach = false): string {
  return profiles
    .filter((p) => !withAttach || p.attach)
    .map((p) => p.id)
    .join(', ');
}

const attachesByPid = (p: Profile) => !!p.attach && !p.attach.unsupported.includes('processId');

/** "dotnet, go, lldb, rust": the loaded profiles that attach to a process id. */
export function pidAttachers(profiles: Profile[]): string {
  return profiles.filter(attachesByPid).map((p) => p.id).join(', ');
}

/** Whether every profile that attaches at all also attaches to a process id. */
export function allAttachByPid(profiles: Profile[]): boolean {
  return profiles.filter((p) => p.attach).every(attachesByPid);
}

/** How to start a target this profile attaches to, for debug_languages: "`-m debugpy --listen 5678`", "by processId". */
export function attachHint(p: Profile): string | undefined {
  if (!p.attach) return undefined;
  const ways = [p.attach.startHint, attachesByPid(p) ? 'by processId' : undefined].filter(Boolean);
  return ways.length ? ways.join(', or ') : 'yes';
}

/**
 * The test ids a profile reads (debug_test), from its test forms' examples without their notes in
 * parentheses; an example that begins another is folded into it: `Foo.java[#method]`.
 */
export function testIds(p: Profile): string | undefined {
  if (!p.test) return undefined;
  const forms = p.test.forms;
  const ids = forms.map((f) => f.example.replace(/\s*\(.*\)$/, ''));
  // forms that read the same ids (node --test, Jest, Vitest: the project decides) are named by their runner
  const named = (i: number) => forms.some((g, j) => j !== i && g.match === forms[i]!.match);
  const shown = ids.map((id, i) => ({ id, i })).filter(({ id }) => !ids.some((other) => other !== id && other.startsWith(id)));
  return shown.map(({ id, i }) => `${named(i) ? `${forms[i]!.runner}: ` : ''}${ids.filter((x) => x !== id && id.startsWith(x)).reduce((s, prefix) => `${prefix}[${id.slice(prefix.length)}]`, id)}`).join(' | ');
}
