// Lint for the whole workspace. Module boundaries are real constraints:
// an app never imports another app (so never another service's Prisma client),
// and a lib never imports an app.
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Apps are reached over gRPC and events, never imported. */
const appImports = {
  group: ['@platform/app-*', '@platform/platform-e2e'],
  message: 'Never import an app or its database client: call its gRPC API or react to its events.',
};
/** Where the shared test kit may be used: tests, the end-to-end suites, tools and benchmarks. */
const testFiles = ['**/*.spec.ts', '**/*.integration-spec.ts', '**/*.e2e-spec.ts', '**/test/**', 'apps/platform-e2e/**', 'tools/**', '**/bench/**'];

export default [
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/.nx/**', 'tmp/**', '.local/**', 'charts/**'],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
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
          ],
        },
      ],
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
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
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
    files: ['**/*.spec.ts', '**/*.integration-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts', 'tools/bench/**/*.ts'],
    rules: {
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
