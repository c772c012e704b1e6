// The jest run of the CI gate (stryker.gate.config.mjs): stryker.jest.config.js narrowed to the
// ring of the gated file TICKLER_GATE names (stryker.gated.js). Still in-process and on SQLite:
// the `*.pg.spec.ts` and e2e suites stay left out.
const base = require('./stryker.jest.config.js');
const { GATED } = require('./stryker.gated.js');

const gate = GATED.find((g) => g.name === process.env.TICKLER_GATE);
if (gate === undefined) {
  throw new Error(`TICKLER_GATE=${process.env.TICKLER_GATE ?? ''} names no gated file`);
}

module.exports = {
  ...base,
  testMatch: gate.ring.map((glob) => `<rootDir>/${glob}`),
};
