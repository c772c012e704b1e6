// Flat ESLint config: type-checked typescript-eslint rules, Nx module boundaries between
// projects (apps -> notifications | auth -> core; the CLI -> contract + config), and a purity
// fence around every domain folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

const domainForbidden = [
  { name: 'kysely', message: 'The domain is persistence-free: no kysely.' },
  { name: 'better-sqlite3', message: 'The domain is persistence-free.' },
  { name: 'pg', message: 'The domain is persistence-free.' },
  { name: 'fastify', message: 'The domain knows nothing of HTTP.' },
  { name: 'inversify', message: 'The domain does not see the DI container.' },
  { name: 'class-validator', message: 'Validation of input belongs to commands, not the domain.' },
  { name: 'node:crypto', message: 'Ids come in through the IdGenerator port.' },
  { name: 'crypto', message: 'Ids come in through the IdGenerator port.' },
  { name: '@tickler/core', message: 'Import only the pure kernel: @tickler/core/domain.' },
];

// Test support (packages/testing): every project's tests and the reliability tools import it;
// production code never does.
const testingForbidden = {
  name: '@tickler/testing',
  message: 'Test support is for tests and tools only (packages/testing).',
};

const cliForbidden = [
  {
    name: '@tickler/notifications/context',
    message: 'A client depends on the contract (@tickler/notifications) only.',
  },
  {
    name: '@tickler/auth/context',
    message: 'A client depends on the contract (@tickler/auth) only.',
  },
  {
    name: '@tickler/daemon',
    message: 'The CLI finds the daemon through @tickler/config.',
  },
  {
    name: '@tickler/calendar/context',
    message: 'A client depends on the contract (@tickler/calendar) only.',
  },
];

// What the CLI's production code may not load: the kernel (database, queue, container: only the
// pure `@tickler/core/domain`), any context's migrations, the database drivers. Schemas are the
// daemon's: `tickler migrate` asks the daemon (issue 27).
const schemasAreTheDaemons = 'Schemas are the daemon’s: `tickler migrate` asks the daemon to copy.';
const cliSourceForbidden = [
  {
    name: '@tickler/core',
    message: 'The CLI is a client: no kernel database or container (@tickler/core/domain is pure).',
  },
  ...['better-sqlite3', 'pg', 'kysely'].map((name) => ({ name, message: schemasAreTheDaemons })),
];
const migrationImports = { group: ['@tickler/*/migrations'], message: schemasAreTheDaemons };
const deepImports = {
  group: ['@tickler/*/src/**', '@tickler/*/dist/**', '**/packages/*/src/**'],
  message: 'A context’s domain and adapters are its own: import its contract entry point.',
};

// The layers of a package (`src/<layer>/`) or of a context's module (`src/<module>/<layer>/`).
const layer = (name) => [`**/src/${name}/**/*.ts`, `packages/*/src/*/${name}/**/*.ts`];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx },
    rules: {
      curly: ['error', 'all'],
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // Test support depends on nothing of ours, so every project's tests may import it
            // (production code may not: `testingForbidden` below).
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:testing'] },
            { sourceTag: 'scope:core', onlyDependOnLibsWithTags: ['scope:core', 'type:testing'] },
            // The pure time rules: a leaf on the pure kernel (see the `packages/time` block below).
            { sourceTag: 'scope:time', onlyDependOnLibsWithTags: ['scope:core', 'type:testing'] },
            {
              sourceTag: 'scope:config',
              onlyDependOnLibsWithTags: ['scope:core', 'type:testing'],
            },
            {
              sourceTag: 'scope:notifications',
              onlyDependOnLibsWithTags: [
                'scope:core',
                'scope:time',
                'scope:notifications',
                'type:testing',
              ],
            },
            {
              sourceTag: 'scope:auth',
              onlyDependOnLibsWithTags: ['scope:core', 'scope:auth', 'type:testing'],
            },
            {
              // A context that uses notifications: dispatches its commands, reads its events.
              sourceTag: 'scope:calendar',
              onlyDependOnLibsWithTags: [
                'scope:core',
                'scope:notifications',
                'scope:calendar',
                'type:testing',
              ],
            },
            {
              // A client talks to the daemon over HTTP: the contract and the shared config,
              // never the daemon itself.
              sourceTag: 'type:client',
              onlyDependOnLibsWithTags: [
                'scope:core',
                'scope:config',
                'scope:time',
                'scope:notifications',
                'scope:calendar',
                'type:testing',
              ],
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'scope:core',
                'scope:config',
                'scope:time',
                'scope:notifications',
                'scope:auth',
                'scope:calendar',
                'type:app',
                'type:testing',
              ],
            },
            {
              // The packaged executable composes the daemon and the CLI into one file.
              sourceTag: 'type:package',
              onlyDependOnLibsWithTags: [
                'scope:core',
                'scope:config',
                'type:app',
                'type:client',
                'type:testing',
              ],
            },
            {
              sourceTag: 'type:tool',
              onlyDependOnLibsWithTags: [
                'scope:core',
                'scope:config',
                'scope:time',
                'scope:notifications',
                'scope:auth',
                'scope:calendar',
                'type:app',
                'type:testing',
              ],
            },
          ],
        },
      ],
    },
  },
  {
    // Production sources never import the test support (a spec file or a `src/testing` folder
    // may). The blocks below repeat it: a later block's list replaces this one.
    files: ['apps/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [testingForbidden] }] },
  },
  {
    // The CLI is a client of the public contract: the wiring of a context stays with the
    // processes that compose it.
    files: ['apps/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: cliForbidden }] },
  },
  {
    files: ['apps/cli/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...cliForbidden, ...cliSourceForbidden, testingForbidden],
          patterns: [deepImports, migrationImports],
        },
      ],
    },
  },
  {
    files: layer('domain'),
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...domainForbidden, testingForbidden],
          patterns: [
            {
              group: ['node:*'],
              message:
                'The domain is pure: no Node built-ins (time, ids and I/O come through ports).',
            },
            {
              group: ['**/infrastructure/**', '**/application/**'],
              message:
                'Dependencies point inward: domain imports neither application nor infrastructure.',
            },
          ],
        },
      ],
    },
  },
  {
    // Use cases depend on ports; adapters implement them and the module file binds them.
    files: layer('application'),
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [testingForbidden],
          patterns: [
            {
              group: ['**/infrastructure/**'],
              message:
                'application/ never imports infrastructure/: it names a port, the module file binds the adapter.',
            },
          ],
        },
      ],
    },
  },
  {
    // `@tickler/time` is pure like a domain folder, and a leaf: the CLI loads it on every run.
    files: ['packages/time/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...domainForbidden, testingForbidden],
          patterns: [
            {
              group: ['node:*'],
              message: 'The time rules are pure: no Node built-ins (time comes in as arguments).',
            },
            {
              group: ['@tickler/*', '!@tickler/core', '!@tickler/core/domain'],
              message: 'A leaf: the time rules import only the pure kernel (@tickler/core/domain).',
            },
          ],
        },
      ],
    },
  },
  {
    // Domain and application code take time from the Clock port, so the manual test clock
    // drives every decision.
    files: [...layer('domain'), ...layer('application'), 'packages/time/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Read time from the Clock port (or take `now` as an argument).',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            '`new Date()` reads the clock: use the Clock port (or take `now` as an argument).',
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
