// The hang watchdog (hang-watchdog.js) against a real jest run: a test whose event loop never
// yields fails within the bound, named, and the run goes on with the next file.
const path = require('node:path');
const { spawn } = require('node:child_process');

const CONFIG = path.join(__dirname, 'fixtures/hang/jest.config.js');
const LIMIT_MS = 3_000;

/** Runs jest on the fixture; kills it (and fails) if it outlives `guardMs`. */
function runFixture(guardMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [require.resolve('jest/bin/jest'), '-c', CONFIG, '--colors=false'],
      {
        // No colours: CI sets FORCE_COLOR, and escape codes would split the summary lines matched below.
        env: {
          ...process.env,
          FORCE_COLOR: '0',
          TICKLER_TEST_HANG_MS: String(LIMIT_MS),
          TICKLER_TEST_RESULTS_DIR: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: the guard kills jest's workers with it.
        detached: true,
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const guard = setTimeout(() => {
      process.kill(-child.pid, 'SIGKILL');
      reject(
        new Error(`jest still running after ${guardMs} ms: the hang was not caught\n${output}`),
      );
    }, guardMs);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, output });
    });
  });
}

describe('hang watchdog', () => {
  it('fails a test whose event loop never yields within the bound, naming it, and runs the next file', async () => {
    const { code, output } = await runFixture(90_000);
    expect(code).toBe(1);
    expect(output).toMatch(
      /HUNG: .*hang\.fixture\.js › spins on settled promises for ever \(no progress for \d+ s\)/,
    );
    expect(output).toMatch(/PASS .*after\.fixture\.js/);
    expect(output).toMatch(/Test Suites: 1 failed, 1 passed, 2 total/);
  }, 120_000);
});
