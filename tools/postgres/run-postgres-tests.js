#!/usr/bin/env node
// Runs a project's integration suites on PostgreSQL (`TICKLER_TEST_DB=postgres`):
//   node tools/postgres/run-postgres-tests.js <jest config> [more jest args]
// The server is `TICKLER_TEST_PG_URL` (default postgres://postgres@127.0.0.1:5432/test). When it
// does not answer, prints one line and exits 0: the SQLite run stays the gate on machines
// without PostgreSQL; CI has one, so there the suites run.
const net = require('node:net');
const { spawnSync } = require('node:child_process');

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const PROBE_TIMEOUT_MS = 2000;

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

async function main() {
  const [config, ...rest] = process.argv.slice(2);
  if (!config) {
    process.stderr.write('usage: run-postgres-tests.js <jest config> [jest args]\n');
    process.exit(2);
  }
  const url = new URL(process.env.TICKLER_TEST_PG_URL ?? DEFAULT_URL);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  const error = await probe(host, port);
  if (error) {
    process.stdout.write(
      `test-postgres: skipped, PostgreSQL unreachable at ${host}:${port} (${error.code ?? error.message})\n`,
    );
    process.exit(0);
  }
  const jest = require.resolve('jest/bin/jest');
  const result = spawnSync(process.execPath, [jest, '-c', config, ...rest], {
    stdio: 'inherit',
    env: { ...process.env, TICKLER_TEST_DB: 'postgres' },
  });
  process.exit(result.status ?? 1);
}

void main();
