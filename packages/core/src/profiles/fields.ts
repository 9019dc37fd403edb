import { GatewayError } from '../errors.js';
import type { FieldSpec, FieldType, Profile } from './schema.js';

export type RequestKind = 'launch' | 'attach';

/** One field name across the loaded profiles: every profile that declares it for a request. */
export interface DeclaredField {
  name: string;
  declarations: { profile: Profile; spec: FieldSpec }[];
}

/** The language-only fields of every profile for `request`, by name (a name may be declared by several). */
export function declaredFields(profiles: Profile[], request: RequestKind): DeclaredField[] {
  const byName = new Map<string, DeclaredField>();
  for (const profile of profiles) {
    for (const [name, spec] of Object.entries(profile.fields)) {
      if (!spec.requests.includes(request)) continue;
      let d = byName.get(name);
      if (!d) byName.set(name, (d = { name, declarations: [] }));
      d.declarations.push({ profile, spec });
    }
  }
  return [...byName.values()];
}

/**
 * The profile the given fields point to: a field only one profile declares implies that profile.
 * undefined when no field implies one. Throws when they imply different profiles.
 */
export function impliedProfile(profiles: Profile[], request: RequestKind, fields: Record<string, unknown>): Profile | undefined {
  const declared = new Map(declaredFields(profiles, request).map((d) => [d.name, d]));
  const implied = new Map<string, string[]>();
  for (const name of Object.keys(fields)) {
    const d = declared.get(name);
    if (!d) throw new GatewayError(`'${name}' is not ${request === 'attach' ? 'an' : 'a'} ${request} argument of any language`, knownFieldsHint(profiles, request), 'bad-arguments');
    if (d.declarations.length !== 1) continue;
    const id = d.declarations[0]!.profile.id;
    implied.set(id, [...(implied.get(id) ?? []), name]);
  }
  if (implied.size > 1) {
    const parts = [...implied].map(([id, names]) => `${names.join(', ')} (${id})`);
    throw new GatewayError(`these ${request} arguments belong to different languages: ${parts.join(' and ')}`, 'pass the arguments of one language', 'bad-arguments');
  }
  const [id] = [...implied.keys()];
  return id ? profiles.find((p) => p.id === id) : undefined;
}

/** Fields several profiles declare: they cannot choose the language. */
export function ambiguousFields(profiles: Profile[], request: RequestKind, fields: Record<string, unknown>): { name: string; ids: string[] }[] {
  return declaredFields(profiles, request)
    .filter((d) => d.name in fields && d.declarations.length > 1)
    .map((d) => ({ name: d.name, ids: d.declarations.map((x) => x.profile.id) }));
}

/** Checks that `profile` takes every given field for `request`, with a value of the declared type. */
export function checkFields(profile: Profile, request: RequestKind, fields: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(fields)) {
    const spec = profile.fields[name];
    if (!spec || !spec.requests.includes(request)) {
      const own = Object.entries(profile.fields).filter(([, s]) => s.requests.includes(request)).map(([n]) => n);
      throw new GatewayError(`${profile.displayName} ${request} does not take '${name}'`, own.length ? `its own arguments: ${own.join(', ')}` : `it takes only the common ${request} arguments`, 'bad-arguments');
    }
    if (!hasType(value, spec.type)) throw new GatewayError(`'${name}' must be a ${spec.type} (${spec.description})`, `e.g. ${example(spec.type)}`, 'bad-arguments');
  }
}

export function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return !!value && typeof value === 'object' && !Array.isArray(value);
    case 'object[]':
      return Array.isArray(value) && value.every((v) => !!v && typeof v === 'object' && !Array.isArray(v));
  }
}

function example(type: FieldType): string {
  return { string: '"text"', 'string[]': '["a", "b"]', number: '42', boolean: 'true', object: '{"key": "value"}', 'object[]': '[{"from": "a", "to": "b"}]' }[type];
}

function knownFieldsHint(profiles: Profile[], request: RequestKind): string {
  const all = declaredFields(profiles, request).map((d) => `${d.name} (${d.declarations.map((x) => x.profile.id).join(', ')})`);
  return all.length ? `language arguments: ${all.join(', ')}` : 'no language takes extra arguments';
}
