// Bundles the CLI into one file: importing the MCP SDK unbundled costs more than Node's own start.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });

// The SDK server imports Ajv only to validate elicitation forms, which dapgate never sends; we pass
// our own validator (server.ts), so Ajv (~135 KB of startup parsing) is replaced by a stub.
const noAjv = {
  name: 'no-ajv',
  setup(b) {
    // only the server's import: the demo's MCP client keeps real Ajv (validating our output schemas)
    b.onResolve({ filter: /validation\/ajv-provider\.js$/ }, (args) =>
      /[\\/]server[\\/]index\.js$/.test(args.importer) ? { path: 'ajv-provider-stub', namespace: 'stub' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: "export class AjvJsonSchemaValidator { constructor() { throw new Error('dapgate: Ajv is not bundled; pass jsonSchemaValidator'); } }",
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
