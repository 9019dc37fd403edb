import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from '../support/gateway.js';

const run = promisify(execFile);

test('no import circle between the source files of the packages', async () => {
  const r = await run(process.execPath, [join(repoRoot, 'scripts', 'import-cycles.mjs')], { cwd: repoRoot }).catch((e: { stdout: string }) => e);
  assert.equal(r.stdout.trim(), 'no import circles');
});

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/ .*$/gm, '');

test("core's code names no MCP tool: its errors carry next-step codes that packages/mcp words", () => {
  const named = sources(join(repoRoot, 'packages', 'core', 'src')).flatMap((file) =>
    withoutComments(readFileSync(file, 'utf8'))
      .split('\n')
      .filter((line) => /\bdebug_[a-z_]+\b/.test(line))
      .map((line) => `${file.slice(repoRoot.length + 1)}: ${line.trim()}`),
  );
  assert.deepEqual(named, []);
});

test('packages/mcp imports nothing from @dapgate/dap', () => {
  const imports = sources(join(repoRoot, 'packages', 'mcp', 'src')).filter((file) => /from\s+['"]@dapgate\/dap(\/[^'"]*)?['"]/.test(readFileSync(file, 'utf8')));
  assert.deepEqual(imports, []);
});

test('one error vocabulary: every GatewayError core and packages/mcp make carries a code', () => {
  const uncoded = ['core', 'mcp'].flatMap((pkg) =>
    sources(join(repoRoot, 'packages', pkg, 'src')).flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const found: string[] = [];
      const visit = (node: ts.Node): void => {
        // the third argument is the code, or a step that holds one
        if (ts.isNewExpression(node) && node.expression.getText(source) === 'GatewayError' && (node.arguments?.length ?? 0) < 3) {
          found.push(`${file.slice(repoRoot.length + 1)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return found;
    }),
  );
  assert.deepEqual(uncoded, []);
});

/**
 * The places a synchronous fs/child_process call is allowed: never on a request path. Each entry is
 * `file function` (the named function or method the call is in) and the `*Sync` functions it may use.
 */
const SYNC_ALLOWED: Record<string, string[]> = {
  // configDir() walks up once (memoized) and loadProfiles() reads the profile files once, both at
  // startup (the Gateway's constructor, the CLI commands), before any request is answered
  'packages/core/src/profiles/loader.ts configDir': ['existsSync'],
  'packages/core/src/profiles/loader.ts loadProfiles': ['readdirSync', 'readFileSync'],
  // the demo CLI command answers no request
  'packages/mcp/src/commands/demo.ts demoCommand': ['readFileSync'],
  // canonicalPath() is sync and used in sync predicates (samePath in breakpoint matching) throughout
  // core: making it async is a change of its own, not done yet
  'packages/core/src/session/paths.ts canonicalPath': ['realpathSync'],
  // TestRun's check that a frame's file exists runs in its stop handler, which must act before any
  // waiter sees the stop, and in sync answers (failureFrame): making it async is a change of its own
  'packages/core/src/testing/test-run.ts projectFrame': ['existsSync'],
};
const SYNC_MODULES = new Set(['fs', 'node:fs', 'child_process', 'node:child_process']);

/** The named function or method a node is in (`(top level)` outside any). */
function enclosingName(node: ts.Node): string {
  for (let n = node.parent; n; n = n.parent) {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.name) return n.name.getText();
  }
  return '(top level)';
}

/** Each use of a `*Sync` function of fs or child_process in a file: where (`file:line`), in which function, which. */
function syncCalls(file: string): { at: string; in: string; name: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const named = new Map<string, string>(); // local name -> imported name
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !SYNC_MODULES.has(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (clause?.name) namespaces.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const e of bindings.elements) {
        const imported = (e.propertyName ?? e.name).text;
        if (imported.endsWith('Sync')) named.set(e.name.text, imported);
      }
    }
  }
  const rel = file.slice(repoRoot.length + 1);
  const found: { at: string; in: string; name: string }[] = [];
  const add = (node: ts.Node, name: string) =>
    found.push({ at: `${rel}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`, in: `${rel} ${enclosingName(node)}`, name });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && named.has(node.text) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) add(node, named.get(node.text)!);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text) && node.name.text.endsWith('Sync')) add(node, node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('nothing synchronous on a request path: no *Sync fs/child_process call in dap, core or mcp outside the allowlist', () => {
  const files = ['dap', 'core', 'mcp'].flatMap((pkg) => sources(join(repoRoot, 'packages', pkg, 'src')));
  const calls = files.flatMap(syncCalls);
  const outside = calls.filter((c) => !SYNC_ALLOWED[c.in]?.includes(c.name)).map((c) => `${c.at} ${c.name} (in ${c.in.split(' ')[1]})`);
  assert.deepEqual(outside, [], 'use node:fs/promises (or execFile/spawn) instead, or add the place to SYNC_ALLOWED saying why it never runs while a request is answered');
  const used = new Set(calls.map((c) => `${c.in} ${c.name}`));
  const stale = Object.entries(SYNC_ALLOWED).flatMap(([place, names]) => names.filter((n) => !used.has(`${place} ${n}`)).map((n) => `${place} ${n}`));
  assert.deepEqual(stale, [], 'allowlist entries no longer used: remove them');
});
