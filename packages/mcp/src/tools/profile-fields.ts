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
 */
export function fieldShape(profiles: Profile[], request: RequestKind): Record<string, z.ZodTypeAny> {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const d of declaredFields(profiles, request)) {
    const types = [...new Set(d.declarations.map((x) => x.spec.type))].map((t) => ZOD[t]());
    const type = types.length === 1 ? types[0]! : z.union(types as [z.ZodTypeAny, z.ZodTypeAny, ...z.ZodTypeAny[]]);
    const description = d.declarations.map((x) => x.spec.description).join(' | ');
    const shared = d.declarations.length > 1 ? ` (taken by ${d.declarations.map((x) => x.profile.id).join(', ')}: pass language)` : '';
    shape[d.name] = type.optional().describe(description + shared);
  }
  return shape;
}

/** The language-only arguments among a tool's arguments. */
export function takeFields(profiles: Profile[], request: RequestKind, args: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const d of declaredFields(profiles, request)) if (args[d.name] !== undefined) out[d.name] = args[d.name];
  return Object.keys(out).length ? out : undefined;
}

/** "python, java or node" from the loaded profiles, for parameter descriptions. */
export function languageChoices(profiles: Profile[], withAttach = false): string {
  const ids = profiles.filter((p) => !withAttach || p.attach).map((p) => p.id);
  return ids.length > 1 ? `${ids.slice(0, -1).join(', ')} or ${ids[ids.length - 1]}` : (ids[0] ?? '');
}

/** "python 5678, java 5005" from the loaded profiles' attach defaults. */
export function defaultPorts(profiles: Profile[]): string {
  return profiles
    .filter((p) => p.attach?.defaultPort !== undefined)
    .map((p) => `${p.id} ${p.attach!.defaultPort}`)
    .join(', ');
}
