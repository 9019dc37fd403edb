// server.json is what the MCP registry publishes: it must name this package at its version, and
// list (with a description each) every environment variable the stdio server reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const pkgDir = join(import.meta.dirname, '..');
const repo = join(pkgDir, '..', '..');
const server = JSON.parse(readFileSync(join(pkgDir, 'server.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
/** Read by dapgate but not for a registry user: HTTP-only settings (stdio is the published transport) and a test hook. */
const NOT_LISTED = new Set(['DAPGATE_HTTP_TOKEN', 'DAPGATE_HTTP_ALLOWED_ORIGINS', 'DAPGATE_CHECK_EARLY_INIT']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every DAPGATE_* name in the servers' sources and the adapter profiles. */
function variablesRead(): Set<string> {
  const sources = [...['dap', 'core', 'mcp'].flatMap((p) => filesUnder(join(repo, 'packages', p, 'src'))), ...filesUnder(join(repo, 'adapters-config'))];
  return new Set(sources.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bDAPGATE_[A-Z0-9_]+\b/g)].map((m) => m[0])));
}

test('server.json names the schema, the mcpName and the npm package at its version over stdio', () => {
  assert.match(server.$schema, /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/);
  assert.equal(server.name, pkg.mcpName);
  assert.match(server.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  assert.ok(server.description.length >= 1 && server.description.length <= 100, `description is ${server.description.length} characters (the registry allows 100)`);
  assert.equal(server.version, pkg.version);
  assert.equal(server.packages.length, 1);
  const [npm] = server.packages;
  assert.equal(npm.registryType, 'npm');
  assert.equal(npm.identifier, pkg.name);
  assert.equal(npm.version, pkg.version);
  assert.deepEqual(npm.transport, { type: 'stdio' });
  assert.ok(pkg.files.includes('server.json'), 'server.json ships in the package');
});

test('server.json lists every environment variable dapgate reads, each described', () => {
  const listed = server.packages[0].environmentVariables as { name: string; description?: string }[];
  const names = listed.map((v) => v.name);
  assert.equal(new Set(names).size, names.length, `listed twice: ${names.filter((n, i) => names.indexOf(n) !== i)}`);
  for (const v of listed) assert.ok(v.description && v.description.length > 10, `${v.name} has no description`);
  const read = [...variablesRead()].filter((n) => !NOT_LISTED.has(n)).sort();
  assert.deepEqual([...names].sort(), read);
});
