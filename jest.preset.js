// Shared jest settings: swc transpiles TypeScript (legacy decorators + metadata for
// inversify and class-validator); workspace packages resolve to their sources.
const os = require('node:os');
const path = require('node:path');
const swcOptions = require('./packages/testing/swc-options.js');

// PostgreSQL test apps are copies of a migrated template schema
// (packages/core/src/testing/schema-template.ts); the run's template dumps are shared by its jest
// workers (which inherit this variable) in this folder. `npm test` sets one for all its jest runs
// and removes it at the end; a jest run started alone makes its own, removed by
// results-reporter.js when the run completes.
if (process.env.TICKLER_TEST_PG_TEMPLATES === undefined) {
  process.env.TICKLER_TEST_PG_TEMPLATES = path.join(
    os.tmpdir(),
    `tickler-pg-templates-${process.pid}-${Date.now()}`,
  );
  process.env.TICKLER_TEST_PG_TEMPLATES_OWNER = String(process.pid);
}

/** @param {string} projectDir */
module.exports = function preset(projectDir) {
  const root = __dirname;
  return {
    rootDir: projectDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
    transform: {
      '^.+\\.(t|j)s$': ['@swc/jest', swcOptions],
    },
    transformIgnorePatterns: ['/node_modules/(?!(cookie|light-my-request)/)'],
    moduleNameMapper: {
      '^@tickler/core$': path.join(root, 'packages/core/src/index.ts'),
      '^@tickler/core/testing$': path.join(root, 'packages/core/src/testing/index.ts'),
      '^@tickler/core/domain$': path.join(root, 'packages/core/src/domain/index.ts'),
      '^@tickler/notifications/testing$': path.join(
        root,
        'packages/notifications/src/testing/index.ts',
      ),
      '^@tickler/notifications/context$': path.join(root, 'packages/notifications/src/context.ts'),
      '^@tickler/time$': path.join(root, 'packages/time/src/index.ts'),
      '^@tickler/notifications/migrations$': path.join(
        root,
        'packages/notifications/src/migrations/notifications.migrations.ts',
      ),
      '^@tickler/notifications$': path.join(root, 'packages/notifications/src/index.ts'),
      '^@tickler/config$': path.join(root, 'packages/config/src/index.ts'),
      '^@tickler/auth/context$': path.join(root, 'packages/auth/src/context.ts'),
      '^@tickler/auth/migrations$': path.join(
        root,
        'packages/auth/src/migrations/auth.migrations.ts',
      ),
      '^@tickler/auth$': path.join(root, 'packages/auth/src/index.ts'),
      '^@tickler/calendar$': path.join(root, 'packages/calendar/src/index.ts'),
      '^@tickler/calendar/context$': path.join(root, 'packages/calendar/src/context.ts'),
      '^@tickler/calendar/migrations$': path.join(
        root,
        'packages/calendar/src/infrastructure/calendar.migrations.ts',
      ),
      '^@tickler/calendar/testing$': path.join(root, 'packages/calendar/src/testing/index.ts'),
      '^@tickler/daemon$': path.join(root, 'apps/daemon/src/index.ts'),
      '^@tickler/cli$': path.join(root, 'apps/cli/src/index.ts'),
      '^@tickler/testing$': path.join(root, 'packages/testing/src/index.ts'),
      // A lazy `await import('./x.js')` (Node's ESM resolution wants the extension) maps back
      // to the .ts source.
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    setupFiles: [path.join(root, 'jest.setup.js')],
    // A test whose event loop never yields fails (its worker killed, the test named) instead of
    // running for ever: tools/test-run/hang-watchdog.js.
    setupFilesAfterEnv: [path.join(root, 'tools/test-run/hang-watchdog.js')],
    // Any limit makes jest run every file in a worker process, never in its own (where the
    // watchdog's kill would end the whole run); a worker grown past it is also replaced.
    workerIdleMemoryLimit: '1GB',
    // Jest's 5 s default is shorter than a real-database integration test takes on a 2-core
    // machine running several suites at once (the channel contracts' retry walks timed out at
    // 5 s under a load of ~25); a hang still fails, after 30 s.
    testTimeout: 30_000,
    // `npm test` (tools/test-run/run-tests.js) sums every run's counts; silent otherwise.
    reporters: [
      'default',
      path.join(root, 'tools/test-run/results-reporter.js'),
      path.join(root, 'tools/test-run/hang-reporter.js'),
    ],
  };
};

/**
 * The global setup and teardown of a project whose tests spawn built code (the daemon, the CLI):
 * build it and the daemon once, keep the run's temp folders under one root and remove it.
 */
module.exports.e2eRun = {
  globalSetup: path.join(__dirname, 'packages/testing/src/jest/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'packages/testing/src/jest/global-teardown.ts'),
};
