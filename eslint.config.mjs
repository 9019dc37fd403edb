// ESLint (flat config): the recommended JavaScript and typescript-eslint rules over every source,
// test, script and benchmark. Exceptions are listed with their reasons.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/target/**', 'packages/java-debug-host/**', '.turbo/**', 'examples/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { a: _, ...rest } = x` is how a key is left out of a copy
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // an object literal's getter cannot be an arrow function, so it reaches its owner as `self`
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self'] }],
    },
  },
  {
    // Layers point one way: mcp -> core -> dap. mcp reaches adapters only through core, whose
    // errors and types it re-exports as its own (core/src/adapter-errors.ts).
    files: ['packages/mcp/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@dapgate/dap', '@dapgate/dap/*'], message: 'packages/mcp talks to adapters through @dapgate/core only; export what it needs from core.' }] }],
    },
  },
  {
    // Tests and benchmarks read tool replies and DAP messages as arbitrary JSON; the assertions
    // check their shape, so typing each reply would add nothing.
    files: ['e2e/**', 'packages/*/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Preloads run with `node --require` (js-debug's bootloader is CommonJS and comes first), so they are CommonJS.
    files: ['adapters-config/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
