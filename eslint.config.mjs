// Lint for the whole workspace. Module boundaries are real constraints:
// an app never imports another app (so never another service's Prisma client),
// and a lib never imports an app.
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import platform from './tools/lint/prisma-outside-store.mjs';
import reactHooks from 'eslint-plugin-react-hooks';

/** Apps are reached over gRPC and events, never imported. */
const appImports = {
  group: ['@platform/app-*', '@platform/platform-e2e'],
  message: 'Never import an app or its database client: call its gRPC API or react to its events.',
};
/** Where the shared test kit may be used: tests, the end-to-end suites, tools and benchmarks. */
const testFiles = ['**/*.spec.ts', '**/*.integration-spec.ts', '**/*.e2e-spec.ts', '**/test/**', 'apps/platform-e2e/**', 'tools/**', '**/bench/**'];

/**
 * Libraries in layers, each using only its own and lower ones
 * (docs/decisions/0208-layers-held-by-lint.md): base (errors, crypto, html, registry, storage,
 * telemetry, api-client), core (auth, config, db, imports, outbound, health, proto, messaging,
 * redis), kit (grpc-server, audit), and test (the test kit, on base and core). Tests of any library
 * may also use the test kit.
 */
function libraryLayers(tests) {
  const kit = tests ? ['layer:test'] : [];
  return [
    { sourceTag: 'layer:base', onlyDependOnLibsWithTags: ['layer:base', ...kit] },
    { sourceTag: 'layer:core', onlyDependOnLibsWithTags: ['layer:base', 'layer:core', ...kit] },
    { sourceTag: 'layer:kit', onlyDependOnLibsWithTags: ['layer:base', 'layer:core', 'layer:kit', ...kit] },
    { sourceTag: 'layer:test', onlyDependOnLibsWithTags: ['layer:base', 'layer:core', 'layer:test'] },
  ];
}

/** Apps use libraries, libraries use libraries of their layer or lower; never an app. */
function moduleBoundaries(tests) {
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: [],
      banTransitiveDependencies: false,
      depConstraints: [
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
        ...libraryLayers(tests),
      ],
    },
  ];
}

export default [
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/.nx/**', 'tmp/**', '.local/**', 'charts/**'],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries(false),
      // Apps are npm workspaces too (for their own package.json), so their package names resolve;
      // the boundary rule sees those as external packages. Refuse them outright.
      'no-restricted-imports': ['error', { patterns: [appImports] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned, or explicitly `void`ed; never handed to a
    // place that ignores it (an event handler, a forEach, a condition).
    files: ['**/*.ts'],
    ignores: ['apps/web/client/**'],
    languageOptions: {
      // One TypeScript program for the whole workspace (tsconfig.workspace.json): every file is
      // read and typed once, where a program per project re-read the shared libraries 36 times.
      parserOptions: {
        project: ['./tsconfig.workspace.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The web app's browser code: its own program (DOM, JSX; apps/web/client/tsconfig.json), the
    // same promise rules (a click handler may return a promise: React ignores it, by design), and
    // React's rules of hooks.
    files: ['apps/web/client/**/*.ts', 'apps/web/client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      parserOptions: {
        project: ['./apps/web/client/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Layers (docs/decisions/0208-layers-held-by-lint.md): only a service's store/ queries the
    // database; a use case in app/ may open a transaction and hand it to the store.
    files: ['apps/*/src/**/*.ts'],
    ignores: [...testFiles, 'apps/*/src/store/**'],
    plugins: { platform },
    rules: { 'platform/prisma-outside-store': 'error' },
  },
  {
    // The composition root (main.ts) hands a transaction runner to consumers and jobs.
    files: ['apps/*/src/app/**/*.ts', 'apps/*/src/main.ts'],
    ignores: testFiles,
    rules: { 'platform/prisma-outside-store': ['error', { allowTransactions: true }] },
  },
  {
    // Production code never imports the test kit (fakes, throw-away schemas, the test secrets).
    files: ['**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [appImports, { group: ['@platform/testing', '@platform/testing/*'], message: 'The test kit is for tests and tools only.' }],
        },
      ],
    },
  },
  {
    // domain/ holds the rules alone: no database, storage, broker or other service reached from it.
    files: ['apps/*/src/domain/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appImports,
            { group: ['@platform/testing', '@platform/testing/*'], message: 'The test kit is for tests and tools only.' },
            {
              group: ['**/store', '**/store/*', '**/clients', '**/clients/*', '**/storage', '**/storage/*'],
              message:
                'domain/ holds rules only: the store, clients and storage call into it, never the other way (docs/decisions/0208-layers-held-by-lint.md).',
            },
            {
              group: ['@platform/db', '@platform/storage', '@platform/messaging', '@prisma/*', 'pg', 'ioredis', '@grpc/*', '@nats-io/*', '@aws-sdk/*'],
              message: 'domain/ holds rules only: no database, storage, broker or network client.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.integration-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts', 'tools/bench/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries(true),
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  // Layout is the formatter's job (npm run format): no lint rule may disagree with it.
  prettier,
];
