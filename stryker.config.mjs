// Mutation testing (issue 30 item 5), StrykerJS with its jest runner. The gated files (the ones
// that decide delivery) and their rings are listed once, in stryker.gated.js; `WIDE` is the
// notifications context's domain and application code and the kernel's queue,
// `TICKLER_MUTATE=all npm run mutate` on demand: CPU-heavy on 2 cores. Incremental: a re-run only
// tests mutants whose file or tests changed since reports/mutation/stryker-incremental.json.
//   npm run mutate                      the gated files against every in-process suite
//   TICKLER_MUTATE=all npm run mutate   the wide set
//   npm run mutate:gate                 what .ci/run checks: each gated file against its ring
//                                       (stryker.gate.config.mjs)
import gated from './stryker.gated.js';

const GATED = gated.GATED.map((g) => g.file);

const WIDE = [
  'packages/notifications/src/*/domain/**/*.ts',
  'packages/notifications/src/*/application/**/*.ts',
  'packages/core/src/queue/**/*.ts',
  '!**/*.spec.ts',
  '!**/testing/**',
  '!**/[0-9][0-9][0-9][0-9]_*.ts',
];

const all = process.env.TICKLER_MUTATE === 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { configFile: 'stryker.jest.config.js', enableFindRelatedTests: true },
  mutate: all ? WIDE : GATED,
  coverageAnalysis: 'perTest',
  // Two cores: one sandbox each.
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // Survivors are listed by the clear-text reporter and kept in mutation.json.
  clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: true },
  // No `break` here: the CI gate (stryker.gate.config.mjs) breaks per file, against its ring, at
  // its measured score; this run against every suite is on demand.
  thresholds: { high: 90, low: 75, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['dist', '.nx', 'reports', 'coverage', 'tools/bench/results', 'apps/sidecar'],
  timeoutMS: 60_000,
  // The initial run of the related suites took over Stryker's default 5 min at load 15-20 on
  // this 2-core machine (a probe on one domain file timed out).
  dryRunTimeoutMinutes: 30,
};
