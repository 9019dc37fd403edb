import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Gateway, lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { modelChars, perToolChars } from '../support/tool-size.js';

/**
 * What the model reads of tools/list, and pays for in every conversation: 12,000 for the 27 tools
 * before debug_snapshot (444 per tool); the 28th keeps the same average, 12,450.
 */
const BUDGET = 12_450;


/** Every description in a tool: its own and its parameters', at any depth. */
function texts(t: Tool): string[] {
  const out = [t.title ?? '', t.description ?? ''];
  const walk = (o: unknown) => {
    if (!o || typeof o !== 'object') return;
    for (const [k, v] of Object.entries(o)) if (k === 'description' && typeof v === 'string') out.push(v);
    else walk(v);
  };
  walk(t.inputSchema);
  return out;
}

/** Language names an agent could read in a description, and the profile each belongs to. */
const LANGUAGE_NAMES: [RegExp, string][] = [
  [/\bpython\b|\bdebugpy\b|\bpytest\b|\bunittest\b|\.py\b/i, 'python'],
  [/\bjava\b(?!script)|\bjvm\b|\bjdwp\b|\bjunit\b|\.java\b/i, 'java'],
  [/\bnode(\.js)?\b|\bjavascript\b|\btypescript\b|--inspect\b|\.[jt]s\b/i, 'node'],
  [/\bGo\b|\bgo:|\bgolang\b|\bdelve\b|\bdlv\b|\bgo build\b/, 'go'],
  [/\brust\b|\bcargo\b/i, 'rust'],
  [/\blldb\b|\bC\+\+|\bC\/C\+\+/i, 'lldb'],
  [/\bdotnet\b|\.NET\b|\bC#/i, 'dotnet'],
  [/\bruby\b|\bphp\b|\bkotlin\b|\bswift\b|\bscala\b/i, 'unknown'],
];

function languagesNamed(tools: Tool[]): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const t of tools) {
    for (const text of texts(t)) {
      for (const [re, id] of LANGUAGE_NAMES) if (re.test(text)) named.set(id, [...(named.get(id) ?? []), t.name]);
    }
  }
  return named;
}

async function toolsWith(env: Record<string, string> = {}): Promise<{ tools: Tool[]; profiles: string[]; rows: { id: string; attachHint?: string; testIds?: string }[] }> {
  const g = await Gateway.start(env);
  try {
    const { tools } = await g.client.listTools();
    const langs = await g.ok('debug_languages');
    return { tools, profiles: langs.structured.languages.map((l: { id: string }) => l.id), rows: langs.structured.languages };
  } finally {
    await g.close();
  }
}

describe('tools/list', () => {
  test(`names, titles, descriptions and input schemas fit in ${BUDGET} characters`, async () => {
    const { tools } = await toolsWith();
    const total = tools.reduce((n, t) => n + modelChars(t), 0);
    const table = `tools/list: ${tools.length} tools, ${total} characters (budget ${BUDGET}); per tool: ${perToolChars(tools)}`;
    console.log(table);
    assert.ok(total <= BUDGET, table);
    for (const t of tools) {
      assert.ok(t.title && t.title.length <= 24, `${t.name} has a short title`);
      const schema = JSON.stringify(t.inputSchema);
      assert.doesNotMatch(schema, /\$schema|"additionalProperties":(false|true|\{\})/, `${t.name}: no converter noise`);
      assert.ok(t.outputSchema?.type === 'object', `${t.name} has an output schema`);
    }
  });

  test('one breakpoint shape: described in debug_breakpoint_set, the same fields wherever a list of breakpoints is taken', async () => {
    const { tools } = await toolsWith();
    const set = tools.find((t) => t.name === 'debug_breakpoint_set')!;
    const fields = ['file', 'line', 'function', 'condition', 'hitCondition', 'logMessage', 'temporary', 'expectContent'];
    for (const f of fields) assert.ok((set.inputSchema.properties as Record<string, unknown>)[f], `debug_breakpoint_set takes ${f}`);
    const takers = tools.filter((x) => (x.inputSchema.properties as Record<string, unknown> | undefined)?.breakpoints).map((t) => t.name);
    assert.ok(takers.includes('debug_launch') && takers.includes('debug_probe'), takers.join(', '));
    const listed = (name: string) => (tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { description?: string; items?: unknown }>).breakpoints!;
    assert.equal(listed('debug_launch').description, 'as in debug_breakpoint_set');
    for (const name of takers) assert.deepEqual(listed(name).items, { type: 'object' }, `${name} lists the same breakpoint object`);
    // and the tools take that shape: expectContent is checked, an unknown field is refused
    const g = await Gateway.start();
    try {
      const quick = pyExample('quick.py');
      const line = lineOf(quick, 'out.append(v * v)');
      for (const name of takers) {
        const args = name === 'debug_test' ? { test: 'tests/test_x.py::test_y' } : name === 'debug_attach' ? {} : { program: quick };
        const wrong = await g.call(name, { ...args, breakpoints: [{ file: quick, line: line - 1, expectContent: 'out.append' }] });
        assert.ok(wrong.isError, `${name}: ${wrong.text}`);
        assert.match(wrong.text, new RegExp(`does not contain "out.append"[\\s\\S]*it is on line ${line}`), name);
        const unknown = await g.call(name, { ...args, breakpoints: [{ file: quick, line, when: 'x > 1' }] });
        assert.ok(unknown.isError && /when/.test(unknown.text), `${name}: ${unknown.text}`);
      }
      assert.equal((await g.ok('debug_breakpoints')).structured.breakpoints.length, 0, 'a refused list adds none');
    } finally {
      await g.close();
    }
  });

  test('every language a description names is a loaded profile, and every loaded profile is named', async () => {
    const all = await toolsWith();
    const named = languagesNamed(all.tools);
    for (const [id, where] of named) assert.ok(all.profiles.includes(id), `'${id}' is named in ${[...new Set(where)].join(', ')} but is not a loaded profile (${all.profiles.join(', ')})`);
    const launch = all.tools.find((t) => t.name === 'debug_launch')!;
    const launchText = texts(launch).join(' ');
    for (const id of all.profiles) assert.match(launchText, new RegExp(`\\b${id}\\b`), `debug_launch names the profile ${id}`);

    // with only two profiles loaded, only those two are named: the lists come from the profiles
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-two-profiles-'));
    try {
      for (const f of ['python.json', 'node.json']) copyFileSync(join(repoRoot, 'adapters-config', f), join(dir, f));
      const two = await toolsWith({ DAPGATE_CONFIG_DIR: dir });
      assert.deepEqual(two.profiles.sort(), ['node', 'python']);
      assert.deepEqual([...languagesNamed(two.tools).keys()].sort(), ['node', 'python'], JSON.stringify(Object.fromEntries(languagesNamed(two.tools))));
      const twoLaunch = two.tools.find((t) => t.name === 'debug_launch')!;
      assert.equal((twoLaunch.inputSchema.properties as Record<string, unknown>).mainClass, undefined, 'Java-only fields come and go with the Java profile');
      assert.ok((twoLaunch.inputSchema.properties as Record<string, unknown>).module, 'Python-only field present');
      const attach = two.tools.find((t) => t.name === 'debug_attach')!;
      assert.match(attach.description ?? '', /or processId; neither: lists processes/, 'both attach by process id');
      assert.deepEqual(
        two.rows.map((r) => [r.id, r.attachHint]),
        [['node', '`--inspect`, or by processId'], ['python', '`-m debugpy --listen 5678`, or by processId']],
        'debug_languages says how to start a target to attach to, from the profiles',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
