import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadProfiles, ProfileRegistry } from '../src/profiles/loader.js';
import { ProfileSchema, type Profile } from '../src/profiles/schema.js';
import { declaredFields } from '../src/profiles/fields.js';
import { GatewayError } from '../src/errors.js';

const real = new ProfileRegistry(loadProfiles());

/** A minimal profile declaring `fields`, for the shared-field cases. */
function profile(id: string, ext: string, fields: Record<string, unknown>): Profile {
  return ProfileSchema.parse({
    id,
    displayName: id.toUpperCase(),
    languages: [id],
    extensions: [ext],
    adapterId: id,
    adapter: { name: `${id}-dap`, runtime: { description: 'x' }, command: ['x'], transport: 'stdio', install: { kind: 'manual', instructions: 'x' } },
    launch: { arguments: {} },
    fields,
  });
}
const rejects = (f: () => Promise<unknown>, message: RegExp, hint?: RegExp) =>
  assert.rejects(f, (e: unknown) => e instanceof GatewayError && message.test(e.message) && (!hint || hint.test(e.hint ?? '')), String(message));

test('the real profiles declare their language-only fields', () => {
  const launch = new Map(declaredFields(real.profiles, 'launch').map((d) => [d.name, d.declarations.map((x) => `${x.profile.id}:${x.spec.type}`)]));
  assert.deepEqual(launch.get('module'), ['python:string']);
  assert.deepEqual(launch.get('classPaths'), ['java:string[]']);
  assert.deepEqual(declaredFields(real.profiles, 'attach').filter((d) => d.name === 'module'), [], 'module is launch-only');
});

test('a field only one profile declares implies its language', async () => {
  assert.equal((await real.pickFor('launch', undefined, undefined, { module: 'json.tool' })).id, 'python');
  assert.equal((await real.pickFor('launch', undefined, undefined, { mainClass: 'App', classPaths: ['out'] })).id, 'java');
  await rejects(() => real.pickFor('launch', undefined, '/x/app.js', { module: 'm' }), /Python.*'s, but .*Node/, /pass language/);
  await rejects(() => real.pickFor('launch', undefined, undefined, { module: 'm', vmArgs: [] }), /different languages/);
  await rejects(() => real.pickFor('launch', 'node', undefined, { module: 'm' }), /does not take 'module'/);
  await rejects(() => real.pickFor('attach', 'python', undefined, { module: 'm' }), /not a attach argument|does not take/);
  await rejects(() => real.pickFor('launch', 'java', undefined, { classPaths: 'out' }), /must be a string\[\]/);
});

test('a field two profiles declare does not imply one: the error says to pass language', async () => {
  const reg = new ProfileRegistry([
    profile('go', '.go', { buildFlags: { type: 'string', description: 'Go: build flags' }, dlvOnly: { type: 'boolean', description: 'x' } }),
    profile('rust', '.rs', { buildFlags: { type: 'string', requests: ['launch'], description: 'Rust: cargo flags' } }),
  ]);
  await rejects(() => reg.pickFor('launch', undefined, undefined, { buildFlags: '-v' }), /'buildFlags' is taken by go and rust, so it does not tell the language/, /pass language \(one of: go, rust\)/);
  assert.equal((await reg.pickFor('launch', 'rust', undefined, { buildFlags: '-v' })).id, 'rust');
  assert.equal((await reg.pickFor('launch', undefined, '/p/main.go', { buildFlags: '-v' })).id, 'go', 'the program decides');
  assert.equal((await reg.pickFor('launch', undefined, undefined, { buildFlags: '-v', dlvOnly: true })).id, 'go', 'a unique field decides');
  await rejects(() => reg.pickFor('attach', 'rust', undefined, { buildFlags: '-v' }), /does not take 'buildFlags'/);
});

test('a profile cannot declare a field named like a unified argument', () => {
  assert.throws(() => profile('bad', '.b', { program: { type: 'string', description: 'x' } }), /unified argument/);
  assert.throws(() => profile('bad', '.b', { x: { type: 'date', description: 'x' } }));
});
