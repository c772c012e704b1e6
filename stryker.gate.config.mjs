// The CI gate of issue 30 item 5: ONE gated file (stryker.gated.js), named by TICKLER_GATE,
// mutated against its ring only (stryker.gate.jest.config.js), incremental from its own committed
// file, failing the run below the file's measured score. tools/test-run/mutation-gate.js runs it
// once per gated file (`npm run mutate:gate`). A run per file, not one run of them all: with
// perTest coverage a mutant runs every test of the run that reaches it, and every notifications
// integration test starts an application and so reaches the queue's code: in one run over the
// union of the rings, a queue mutant would also run the notifications suites.
import base from './stryker.config.mjs';
import gated from './stryker.gated.js';

const name = process.env.TICKLER_GATE;
const gate = gated.GATED.find((g) => g.name === name);
if (gate === undefined) {
  const names = gated.GATED.map((g) => g.name).join(', ');
  throw new Error(`TICKLER_GATE=${name ?? ''}: expected one of ${names}`);
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: [gate.file],
  jest: { configFile: 'stryker.gate.jest.config.js', enableFindRelatedTests: true },
  // One sandbox: the machine's other core is the suites' and other runs'.
  concurrency: 1,
  incrementalFile: `reports/mutation/gate-${name}.incremental.json`,
  // Progress as plain lines (a CI log has no terminal); the clear-text report lists the
  // survivors.
  reporters: ['progress-append-only', 'clear-text', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/gate-${name}.json` },
  htmlReporter: { fileName: `reports/mutation/gate-${name}.html` },
  thresholds: { high: 90, low: 75, break: gate.break },
};
