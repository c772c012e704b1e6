#!/usr/bin/env node
// `npm test`: every project's jest targets through nx — on SQLite (`test`, `test-package`) and on
// PostgreSQL (`test-postgres`) — then one summary: a line per back end and one total line
// (`total: N passed, N failed, N skipped`). Each jest run writes its counts through
// results-reporter.js; tools/postgres/run-postgres-tests.js writes what it skipped when no
// server answers (outside CI), summed here into one line naming the server.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const TARGETS = ['test', 'test-package', 'test-postgres'];

/** Reads every record the jest runs and the PostgreSQL runner wrote into `dir`. */
function readRecords(dir) {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
}

/** Sums run records per back end and overall; skip records are summed apart. */
function summarise(records) {
  const empty = () => ({ passed: 0, failed: 0, skipped: 0, suites: 0 });
  const byBackend = { sqlite: empty(), postgresql: empty() };
  const total = empty();
  const unreachable = { servers: new Set(), suites: 0 };
  for (const record of records) {
    if (record.kind === 'skipped-backend') {
      unreachable.servers.add(record.server);
      unreachable.suites += record.suites;
      continue;
    }
    const failed = record.failed + (record.brokenSuites ?? 0);
    for (const sum of [byBackend[record.backend] ?? (byBackend[record.backend] = empty()), total]) {
      sum.passed += record.passed;
      sum.failed += failed;
      sum.skipped += record.skipped;
      sum.suites += record.suites;
    }
  }
  return { byBackend, total, unreachable };
}

/**
 * The `count` slowest test files of the run with their back end, then each jest run's wall time
 * (slowest first): where `npm test`'s minutes go.
 */
function timingLines(records, count) {
  const runs = records.filter((record) => record.kind !== 'skipped-backend' && record.files);
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const files = runs
    .flatMap((record) => record.files.map((file) => ({ ...file, backend: record.backend })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((file) => `  ${seconds(file.ms).padStart(8)}  [${file.backend}] ${file.path}`);
  const wall = [...runs]
    .sort((a, b) => b.wallMs - a.wallMs)
    .map(
      (record) => `  ${seconds(record.wallMs).padStart(8)}  [${record.backend}] ${record.project}`,
    );
  return [`slowest ${files.length} test files:`, ...files, 'jest runs (wall time):', ...wall];
}

/** The summary lines `npm test` ends with; the last one is the total. */
function summaryLines(summary) {
  const counts = (s) => `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`;
  const lines = [];
  for (const [backend, sum] of Object.entries(summary.byBackend)) {
    if (sum.suites > 0) {
      lines.push(`${backend}: ${counts(sum)} (${sum.suites} suites)`);
    }
  }
  if (summary.unreachable.suites > 0) {
    const servers = [...summary.unreachable.servers].join(', ');
    lines.push(
      `postgresql at ${servers} unreachable: skipping ${summary.unreachable.suites} suites`,
    );
  }
  lines.push(`total: ${counts(summary.total)}`);
  return lines;
}

function main() {
  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-test-results-'));
  // One folder of PostgreSQL template dumps for every jest run (jest.preset.js): each set of
  // contexts is migrated and dumped once per `npm test`, not once per project.
  const templatesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-pg-templates-'));
  const nx = require.resolve('nx/bin/nx');
  const run = spawnSync(
    process.execPath,
    [nx, 'run-many', '-t', ...TARGETS, '--outputStyle=stream', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        TICKLER_TEST_RESULTS_DIR: resultsDir,
        TICKLER_TEST_PG_TEMPLATES: templatesDir,
      },
    },
  );
  const records = readRecords(resultsDir);
  const summary = summarise(records);
  fs.rmSync(resultsDir, { recursive: true, force: true });
  fs.rmSync(templatesDir, { recursive: true, force: true });
  const slowest = Number(process.env.TICKLER_TEST_SLOWEST ?? 10);
  process.stdout.write(`\n${timingLines(records, slowest).join('\n')}\n`);
  process.stdout.write(`\n${summaryLines(summary).join('\n')}\n`);
  if (run.status !== 0 && summary.total.failed === 0) {
    process.stdout.write(`nx exited ${run.status ?? run.signal}: a target failed outside jest\n`);
  }
  process.exit(run.status === 0 && summary.total.failed === 0 ? 0 : 1);
}

if (require.main === module) {
  main();
}

module.exports = { readRecords, summarise, summaryLines, timingLines };
