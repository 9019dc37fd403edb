// npm pack runs this (prepack, then postpack with --clean). The tarball can only hold files under
// packages/mcp, so what the installed dapgate needs from the repository is copied in beside bin/
// with the same layout relative to adapters-config/ that a checkout has (the profiles name
// packages/java-debug-host/pom.xml relative to the folder holding adapters-config/).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(pkg, '..', '..');
/** What is copied, relative to the repository and to the package alike. */
const staged = [
  'README.md',
  'LICENSE',
  'adapters-config',
  'packages/java-debug-host/pom.xml',
  'packages/java-debug-host/src/main',
  'examples/python/ledger.py',
  'examples/java/Ledger.java',
];
/** Top-level entries the copies create (removed whole on --clean). */
const roots = [...new Set(staged.map((p) => p.split('/')[0]))];

for (const root of roots) rmSync(join(pkg, root), { recursive: true, force: true });
if (!process.argv.includes('--clean')) {
  if (!existsSync(join(pkg, 'dist', 'bundle', 'cli.js'))) throw new Error('dist/bundle/cli.js is missing: run npm run build first');
  for (const p of staged) cpSync(join(repo, p), join(pkg, p), { recursive: true });
}
