import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { binPath, freshStateDir, repoRoot } from '../support/gateway.js';

const run = promisify(execFile);
const inspector = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'inspector', 'package.json');
const inspectorBin = join(repoRoot, 'node_modules', '.bin', 'mcp-inspector');

/** One Inspector CLI call against dapgate over stdio: its parsed JSON answer (a non-zero exit or non-JSON output fails). */
async function inspect(method: string): Promise<Record<string, any>> {
  const { stdout } = await run(inspectorBin, ['--cli', process.execPath, binPath, '--method', method], {
    timeout: 30_000,
    env: { ...process.env, DAPGATE_STATE_DIR: freshStateDir() },
  });
  return JSON.parse(stdout);
}

test('the official MCP Inspector CLI (pinned devDependency) lists tools, resources, templates and prompts with no error', async () => {
  const version = JSON.parse(readFileSync(inspector, 'utf8')).version;
  assert.equal(version, '2.12.0', 'the pinned Inspector');
  const started = Date.now();
  const [tools, resources, templates, prompts] = await Promise.all([inspect('tools/list'), inspect('resources/list'), inspect('resources/templates/list'), inspect('prompts/list')]);
  assert.ok(tools.tools.length >= 25, `tools: ${tools.tools.map((t: any) => t.name)}`);
  for (const t of tools.tools) {
    assert.ok(t.title && t.description && t.inputSchema?.type === 'object' && t.outputSchema?.type === 'object', `complete tool entry: ${JSON.stringify(t).slice(0, 300)}`);
  }
  assert.ok(tools.tools.some((t: any) => t.name === 'debug_launch'));
  assert.ok(resources.resources.some((r: any) => r.uri === 'dapgate://sessions'), JSON.stringify(resources));
  assert.ok(templates.resourceTemplates.some((r: any) => r.uriTemplate === 'dapgate://sessions/{sessionId}'), JSON.stringify(templates));
  assert.ok(prompts.prompts.some((p: any) => p.name === 'debug-a-bug'), JSON.stringify(prompts));
  console.log(`# Inspector CLI: 4 calls in ${Date.now() - started} ms`);
});

test("the README's install section leads with what works today: the packed tarball, installed or run with npx -p", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## Install\s*$/m)[1]?.split(/^## /m)[0];
  assert.ok(section, 'README has an Install section');
  const commands = (/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '').split('\n').filter(Boolean);
  assert.match(commands[0] ?? '', /npm pack/, section);
  assert.ok(commands.some((c) => /^npm install -g \.\/dapgate-[\d.]+\.tgz/.test(c)), section);
  assert.ok(commands.some((c) => /^npx -y -p \.\/dapgate-[\d.]+\.tgz dapgate\b/.test(c)), 'the npx form that works on npm 10 and 11');
  assert.ok(!commands.some((c) => /^npx -y \.\//.test(c)), 'npx -y ./x.tgz fails on npm 10 and 11 (rc 126)');
});
