#!/usr/bin/env node
// `npm run mutate:gate` (.ci/run, after `npm test`): the mutation gate of issue 30 item 5. One
// Stryker run per gated file (stryker.gated.js, stryker.gate.config.mjs), one after the other,
// each against its ring and incremental from its committed file; then a line per file (score,
// break, wall time). Exits 1 when a file scored below its break or its run failed.
//   npm run mutate:gate                    every gated file that has a break
//   npm run mutate:gate -- origin-guard    the files named, break or not (measuring one)
//   npm run mutate:gate -- --force         from the first `-` on, arguments go to Stryker
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/**
 * Stryker's mutation score of a mutation-testing-report-schema report: detected over valid
 * mutants, in %. Compile and runtime errors and ignored mutants count for neither, as in Stryker.
 */
function scoreOf(report) {
  let detected = 0;
  let undetected = 0;
  for (const file of Object.values(report.files)) {
    for (const { status } of file.mutants) {
      detected += DETECTED.has(status) ? 1 : 0;
      undetected += UNDETECTED.has(status) ? 1 : 0;
    }
  }
  const valid = detected + undetected;
  return { detected, valid, score: valid === 0 ? null : (100 * detected) / valid };
}

/**
 * The gates to run (the names before the first argument starting with `-`, else every gate
 * with a break) and Stryker's own arguments (that one and all after it: `--concurrency 1`).
 */
function selection(args, gated) {
  const dash = args.findIndex((a) => a.startsWith('-'));
  const names = dash === -1 ? args : args.slice(0, dash);
  const strykerArgs = dash === -1 ? [] : args.slice(dash);
  const unknown = names.filter((n) => !gated.some((g) => g.name === n));
  if (unknown.length > 0) {
    throw new Error(`no gated file named ${unknown.join(', ')}`);
  }
  const gates =
    names.length > 0
      ? gated.filter((g) => names.includes(g.name))
      : gated.filter((g) => g.break !== null);
  return { gates, strykerArgs };
}

/** One summary line: the file, what it decides, its score, its break, the run's wall time. */
function summaryLine(gate, result, status, ms) {
  const score =
    result === undefined || result.score === null
      ? 'no score'
      : `${result.score.toFixed(1)} % (${result.detected} of ${result.valid})`;
  const limit = gate.break === null ? 'not gated' : `break ${gate.break}`;
  const verdict = status === 0 ? 'ok' : `FAILED (stryker exited ${status})`;
  const seconds = `${(ms / 1000).toFixed(0)} s`;
  return `${path.basename(gate.file)} (${gate.decides}): ${score}, ${limit}, ${seconds}: ${verdict}`;
}

function main() {
  const { GATED } = require('../../stryker.gated.js');
  const { gates, strykerArgs } = selection(process.argv.slice(2), GATED);
  // The package's exports leave its bin out of require.resolve.
  const stryker = path.join(ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js');
  const lines = [];
  let failed = false;
  for (const gate of gates) {
    const reportFile = path.join(ROOT, `reports/mutation/gate-${gate.name}.json`);
    // A report left by an earlier run must not stand in for this one's.
    fs.rmSync(reportFile, { force: true });
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      [stryker, 'run', 'stryker.gate.config.mjs', ...strykerArgs],
      // The rings run on SQLite whatever the calling shell chose.
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, TICKLER_GATE: gate.name, TICKLER_TEST_DB: 'sqlite' },
      },
    );
    const status = run.status ?? 1;
    const result = fs.existsSync(reportFile)
      ? scoreOf(JSON.parse(fs.readFileSync(reportFile, 'utf8')))
      : undefined;
    lines.push(summaryLine(gate, result, status, Date.now() - started));
    failed ||= status !== 0;
  }
  if (gates.length === 0) {
    lines.push('no gated file has a break yet (stryker.gated.js)');
  }
  process.stdout.write(`\nmutation gate:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  process.exit(failed ? 1 : 0);
}

if (require.main === module) {
  main();
}

module.exports = { scoreOf, selection, summaryLine };
