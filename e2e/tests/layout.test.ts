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
