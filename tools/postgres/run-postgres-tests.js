#!/usr/bin/env node
// Runs a project's suites on PostgreSQL (`TICKLER_TEST_DB=postgres`):
//   node tools/postgres/run-postgres-tests.js <jest config> [more jest args]
// The server is `TICKLER_TEST_PG_URL` (default postgres://postgres@127.0.0.1:5432/test). When it
// does not answer:
// - in CI (`CI=true`) that is a failure (exit 1): CI has a server, so a silent pass would hide it;
// - elsewhere the suites are skipped with one line naming the server and the number of suites.
//   Under `npm test` (TICKLER_TEST_RESULTS_DIR set) the line is left to tools/test-run/run-tests.js,
//   which sums every project's skips into one.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const PROBE_TIMEOUT_MS = 2000;

/** Resolves undefined when something accepts a TCP connection at host:port, else the error. */
function probe(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (error) => {
      socket.destroy();
      resolve(error);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(new Error('timed out')));
    socket.once('connect', () => done(undefined));
    socket.once('error', (error) => done(error));
  });
}

/** How many test files the jest config would run (what a skip leaves out). */
function suiteCount(jest, config, rest) {
  const listed = spawnSync(process.execPath, [jest, '-c', config, '--listTests', ...rest], {
    encoding: 'utf8',
    env: { ...process.env, TICKLER_TEST_DB: 'postgres' },
  });
  return listed.stdout.split('\n').filter((line) => line.trim() !== '').length;
}

async function main() {
  const [config, ...rest] = process.argv.slice(2);
  if (!config) {
    process.stderr.write('usage: run-postgres-tests.js <jest config> [jest args]\n');
    process.exit(2);
  }
  const url = new URL(process.env.TICKLER_TEST_PG_URL ?? DEFAULT_URL);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  const server = `${host}:${port}`;
  const jest = require.resolve('jest/bin/jest');
  const error = await probe(host, port);
  if (error) {
    const reason = error.code ?? error.message;
    if (process.env.CI === 'true') {
      process.stderr.write(
        `test-postgres: postgresql at ${server} unreachable (${reason}); CI=true, so this fails: start the server (.ci/run does)\n`,
      );
      process.exit(1);
    }
    const suites = suiteCount(jest, config, rest);
    const resultsDir = process.env.TICKLER_TEST_RESULTS_DIR;
    if (resultsDir) {
      fs.mkdirSync(resultsDir, { recursive: true });
      fs.writeFileSync(
        path.join(resultsDir, `skipped-${process.pid}-${Date.now()}.json`),
        JSON.stringify({ kind: 'skipped-backend', server, suites, config }),
      );
    } else {
      process.stdout.write(`postgresql at ${server} unreachable: skipping ${suites} suites\n`);
    }
    process.exit(0);
  }
  const result = spawnSync(process.execPath, [jest, '-c', config, ...rest], {
    stdio: 'inherit',
    env: { ...process.env, TICKLER_TEST_DB: 'postgres' },
  });
  process.exit(result.status ?? 1);
}

void main();
