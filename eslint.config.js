// Flat config: @eslint/js + typescript-eslint recommended (syntax only, no type information).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The Node globals our plain-JavaScript files use (scripts, jest global setup).
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'globalThis',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'structuredClone',
    'fetch',
    'AbortController',
    'TextEncoder',
    'TextDecoder',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.jest-cache/**', 'data/**', 'coverage/**', '**/*.d.ts'],
  },
  {
    // CommonJS configuration files (dependency-cruiser reads only .cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: nodeGlobals,
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'warn',
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
);
