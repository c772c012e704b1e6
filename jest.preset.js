// Shared jest settings: swc transpiles TypeScript (legacy decorators + metadata for
// inversify and class-validator); workspace packages resolve to their sources.
const path = require('node:path');

/** @param {string} projectDir */
module.exports = function preset(projectDir) {
  const root = __dirname;
  return {
    rootDir: projectDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
    transform: {
      '^.+\\.(t|j)s$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
          sourceMaps: 'inline',
        },
      ],
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
      '^@tickler/notifications/time$': path.join(root, 'packages/notifications/src/time.ts'),
      '^@tickler/notifications$': path.join(root, 'packages/notifications/src/index.ts'),
      '^@tickler/config$': path.join(root, 'packages/config/src/index.ts'),
      '^@tickler/auth$': path.join(root, 'packages/auth/src/index.ts'),
      '^@tickler/daemon$': path.join(root, 'apps/daemon/src/index.ts'),
      '^@tickler/cli$': path.join(root, 'apps/cli/src/index.ts'),
      // A lazy `await import('./x.js')` (Node's ESM resolution wants the extension) maps back
      // to the .ts source.
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    setupFiles: [path.join(root, 'jest.setup.js')],
  };
};
