// Lint is part of `npm test`: boundaries between projects are errors, not advice.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeIo = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'dgram',
  'dns',
  'child_process',
  'cluster',
  'worker_threads',
  'tls',
].flatMap((m) => [m, `node:${m}`]);

const boundaryOptions = (allowTesting) => ({
  enforceBuildableLibDependency: false,
  allowCircularSelfDependency: false,
  banTransitiveDependencies: false,
  checkDynamicDependenciesExceptions: [],
  depConstraints: depConstraints(allowTesting),
});

/** app → feature → data-access → domain; tests (only) may also use the testing lib. */
function depConstraints(allowTesting) {
  const testing = allowTesting ? ['type:testing'] : [];
  return [
    { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:domain', ...testing] },
    { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:domain', ...testing] },
    { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:domain', ...testing] },
    { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:domain'] },
    {
      sourceTag: 'type:domain',
      onlyDependOnLibsWithTags: [],
      bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'pg-*', 'bull', 'bullmq', 'ioredis', 'redis', 'undici', 'axios', ...nodeIo],
    },
    {
      sourceTag: 'scope:api',
      notDependOnLibsWithTags: ['scope:tracker-worker', 'scope:webhook-dispatcher', 'scope:tools', 'scope:bench', 'scope:e2e'],
    },
    {
      sourceTag: 'scope:tracker-worker',
      notDependOnLibsWithTags: ['scope:api', 'scope:webhook-dispatcher', 'scope:tools', 'scope:bench', 'scope:e2e'],
    },
    {
      sourceTag: 'scope:webhook-dispatcher',
      notDependOnLibsWithTags: ['scope:api', 'scope:tracker-worker', 'scope:tools', 'scope:bench', 'scope:e2e'],
    },
    {
      sourceTag: 'scope:tools',
      notDependOnLibsWithTags: ['scope:api', 'scope:tracker-worker', 'scope:webhook-dispatcher', 'scope:bench', 'scope:e2e'],
    },
    { sourceTag: 'scope:bench', notDependOnLibsWithTags: ['scope:tools', 'scope:e2e'] },
    { sourceTag: 'scope:e2e', notDependOnLibsWithTags: ['scope:tools', 'scope:bench'] },
    { sourceTag: 'scope:shared', notDependOnLibsWithTags: ['type:app'] },
  ];
}

const PATH_PATTERNS = [
  {
    group: ['**/libs/*', '**/libs/**', '@quayside/*/*'],
    message: 'Import a lib through its public alias (@quayside/<lib>), never by a deep path.',
  },
  { group: ['**/apps/**'], message: 'Apps never import apps.' },
];

const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.integration-spec.ts',
  '**/*.e2e-spec.ts',
  '**/test/**/*.ts',
  '**/__tests__/**/*.ts',
  'libs/testing/**/*.ts',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/tmp/**', '.nx/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Plain JavaScript has no types to check: the type-aware rules stay with the TypeScript files.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        // Nest injects by the emitted constructor metadata, so a class used only as a
        // constructor parameter type is still a value import; the rule must know that.
        emitDecoratorMetadata: true,
        experimentalDecorators: true,
      },
    },
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaryOptions(false)],
      'no-restricted-imports': ['error', { patterns: PATH_PATTERNS }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      'no-console': 'error',
    },
  },
  {
    // The domain is pure: no framework, database, queue or I/O, whatever the import spelling.
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'pg', 'bull', 'ioredis', 'undici'],
              message: 'libs/domain is pure TypeScript: no framework, database, queue or HTTP imports.',
            },
            { group: ['@quayside/*'], message: 'libs/domain depends on no other lib.' },
          ],
          paths: nodeIo.map((name) => ({ name, message: 'libs/domain does no I/O.' })),
        },
      ],
    },
  },
  {
    // Repositories own SQL and transactions (docs/architecture.md, "Who owns what"): production code
    // elsewhere never touches TypeORM, and nothing outside data-access opens a transaction.
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: ['libs/data-access/**', 'libs/domain/**', ...TEST_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PATH_PATTERNS,
            {
              group: ['typeorm', 'typeorm/*', '@nestjs/typeorm', 'pg'],
              message: 'SQL and transactions belong to the repositories of @quayside/data-access.',
            },
          ],
          paths: [
            {
              name: '@quayside/data-access',
              importNames: ['inFixtureTransaction', 'recordStatements', 'recordStatementsDuring'],
              message: 'Fixture transactions and statement recorders are for tests and the bench; use a repository method.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts'],
    ignores: ['libs/data-access/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Transactions are opened by repository methods in @quayside/data-access (inFixtureTransaction for test and bench fixtures).',
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaryOptions(true)],
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Command-line tools and benchmarks talk to a person on a terminal.
    files: ['tools/**/*.ts', 'bench/**/*.ts', '**/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Scripts the browser runs as they are (the console, the widget): classic scripts, the page's globals.
    files: ['apps/*/src/**/assets/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
    rules: { 'no-console': 'error' },
  },
  {
    // The widget's map draws with Leaflet, which its page loads first as a script of its own.
    files: ['apps/api/src/widget/assets/widget-map.js'],
    languageOptions: { globals: { L: 'readonly' } },
  },
  {
    // Node.js: the build, start and check scripts, the Jest configuration, the PDF worker thread.
    files: ['**/*.js', '**/*.cjs'],
    ignores: ['apps/*/src/**/assets/**'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
);
