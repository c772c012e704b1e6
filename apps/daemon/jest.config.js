const jestPreset = require('../../jest.preset.js');

const preset = jestPreset(__dirname);

module.exports = {
  ...preset,
  // `src/index.ts` loads the server lazily with `import('./start-daemon.js')` (Node's ESM
  // resolution wants the extension); under jest that path must map back to the .ts source.
  moduleNameMapper: { ...preset.moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
  // e2e tests spawn the built daemon: build it once before any test file runs.
  ...jestPreset.e2eRun,
  testTimeout: 60_000,
  // `*.pg.e2e.spec.ts` need a PostgreSQL server: they run in `test-postgres` (jest.postgres.config.js).
  testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.e2e\\.spec\\.ts$'],
};
