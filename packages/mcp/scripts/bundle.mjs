// Bundles the CLI into one file: importing the MCP SDK unbundled costs more than Node's own start.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });

// The SDK server imports Ajv (through its Node shims) only to validate JSON Schemas dapgate never
// hands it (elicitation forms, fromJsonSchema); we pass our own validator (server.ts), so Ajv
// (~230 KB of startup parsing) is replaced by a stub. The demo's MCP client (SDK 1.x) keeps real Ajv.
const noAjv = {
  name: 'no-ajv',
  setup(b) {
    b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({ path: 'server-shims-stub', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents:
        "export { default as process } from 'node:process'; export class DefaultJsonSchemaValidator { constructor() { throw new Error('dapgate: Ajv is not bundled; pass jsonSchemaValidator'); } }",
      loader: 'js',
    }));
  },
};

// fast-stdio.ts answers initialize before the SDK loads; it gets the SDK's protocol versions here.
const { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } = await import('@modelcontextprotocol/server');

await build({
  entryPoints: [join(root, 'dist', 'cli.js')],
  outdir,
  plugins: [noAjv],
  // jsonc-parser's main is a UMD build whose lazy require()s esbuild cannot follow; its ES build bundles
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  define: { __MCP_LATEST__: JSON.stringify(LATEST_PROTOCOL_VERSION), __MCP_SUPPORTED__: JSON.stringify(SUPPORTED_PROTOCOL_VERSIONS) },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
