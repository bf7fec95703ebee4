import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layer rules of docs/architecture.md, one entry per layer. Each entry lists
// what that layer may not import; `no-restricted-imports` checks the written
// specifier, so both the `#alias` and any relative path are named. A leading `#` starts a comment in
// these patterns (gitignore syntax), so the aliases are written `\\#`.
const serverImports = ['\\#server/*', '**/server/**'];
const clientImports = ['\\#client/*', '**/client/**'];
const routeModules = ['**/*-routes', '**/*-routes.ts'];
const httpModules = ['\\#server/http/*', '**/http/*'];
// The server reaches the client only through its render entry (ADR 0040); the contract both read is src/shared.
const clientButRenderEntry = [...clientImports, '!\\#client/entry-server', '!**/client/entry-server'];
const serverClientRule = [
  clientButRenderEntry,
  'The server imports only #client/entry-server; shared contracts live in src/shared.',
];
const restrict = (...groups) => ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'scratch/',
      'test-results/',
      'bench/results/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-self-import': 'error',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches is a lost error (or an unhandled
    // rejection that ends the process); a promise where a void callback is expected is the same.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        [serverImports, 'Shared code must not import the server.'],
        [clientImports, 'Shared code must not import the client.'],
      ),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scroll region (role="region", e.g. ScrollTable) must be focusable so keyboard users can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      'no-restricted-imports': restrict([serverImports, 'The client must not import the server.']),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(serverClientRule) },
  },
  {
    // Everything in the server that is not a route module or the app itself (app.ts and its plugins/):
    // services, providers, auth, db. They are called by routes and never reach back up to them.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*-routes.ts',
      'src/server/app.ts',
      'src/server/plugins/**',
      'src/server/**/*.test.ts',
      'src/server/test/**',
    ],
    rules: {
      'no-restricted-imports': restrict(
        [routeModules, 'Only app.ts and its plugins register route modules; services never import routes.'],
        [httpModules, 'Services throw domain errors (#server/domain-errors); only routes and app.ts speak HTTP.'],
        serverClientRule,
      ),
    },
  },
  {
    // No server function over 100 lines; a nested function's lines count for the one around it too,
    // so a route plugin is split into feature halves rather than hiding its handlers in closures.
    // Seed data, tests and their fixtures and fakes aside.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/seed/**',
      'src/server/**/*.test.ts',
      'src/server/test/**',
      'src/server/**/fixtures/**',
      'src/server/providers/payments/fake-stripe-server.ts',
      'src/server/providers/payments/fake-stripe-connect.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/server/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [routeModules, 'A route module never imports another route module.'],
        serverClientRule,
      ),
    },
  },
  prettier,
);
