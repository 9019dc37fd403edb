// Builds dist/mcpb/dapgate-<version>.mcpb, the Claude Desktop bundle: the npm package's own files
// (from `npm pack`, so exactly what npm users get) plus a manifest.json made from package.json,
// checked with `mcpb validate` and packed with `mcpb pack`. No node_modules: the bundle is
// self-contained; only tsx (for launching .ts programs) is left to the program's project, since
// its esbuild binary is per platform and the bundle is not.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const out = join(pkgDir, 'dist', 'mcpb');
const stage = join(out, 'stage');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const mcpb = join(pkgDir, '..', '..', 'node_modules', '.bin', process.platform === 'win32' ? 'mcpb.cmd' : 'mcpb');
const run = (cmd, args, cwd = pkgDir) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', timeout: 180_000 });

rmSync(out, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
run(npm, ['pack', '--silent', '--pack-destination', out]);
const tarball = join(out, readdirSync(out).find((f) => f.endsWith('.tgz')));
run('tar', ['-xzf', tarball, '-C', stage, '--strip-components=1']);
rmSync(tarball);

const manifest = {
  manifest_version: '0.3',
  name: pkg.name,
  display_name: 'dapgate',
  version: pkg.version,
  description: pkg.description,
  author: { name: 'dapgate contributors' },
  license: pkg.license,
  repository: { type: 'git', url: pkg.repository.url.replace(/^git\+/, '') },
  homepage: pkg.homepage,
  keywords: pkg.keywords,
  server: {
    type: 'node',
    entry_point: pkg.bin.dapgate,
    // --allow-roots takes every argument after it: user_config arrays expand into separate args
    mcp_config: {
      command: 'node',
      args: [`\${__dirname}/${pkg.bin.dapgate}`, '--allow-roots', '${user_config.allowed_roots}'],
      env: { DAPGATE_EVAL_MODE: '${user_config.eval_mode}', DAPGATE_CACHE_DIR: '${user_config.cache_dir}' },
    },
  },
  user_config: {
    eval_mode: {
      type: 'string',
      title: 'Evaluation mode',
      description: 'What expressions the agent evaluates may do: blocklist (default: no file, process or network calls), readonly (no calls or assignments), or unrestricted',
      default: 'blocklist',
      required: false,
    },
    allowed_roots: {
      type: 'directory',
      title: 'Allowed folders',
      description: 'Only programs under these folders may be debugged (none: anywhere)',
      multiple: true,
      default: [],
      required: false,
    },
    cache_dir: {
      type: 'directory',
      title: 'Adapter cache folder',
      description: "Where dapgate installs debug adapters on first use (empty: the user's cache folder)",
      default: '',
      required: false,
    },
  },
  compatibility: { platforms: ['darwin', 'linux', 'win32'], runtimes: { node: pkg.engines.node } },
};
writeFileSync(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write(run(mcpb, ['validate', join(stage, 'manifest.json')]));
const file = join(out, `${pkg.name}-${pkg.version}.mcpb`);
process.stdout.write(run(mcpb, ['pack', stage, file]));
console.log(file);
