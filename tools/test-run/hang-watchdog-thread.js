// The hang watchdog's thread (started by hang-watchdog.js inside each jest worker process): it
// runs outside the test's event loop, so a test whose loop never yields (a query that never
// empties, an await on an already-settled promise in a loop) cannot starve it. While a test file
// runs, the file's main thread sends a tick every second; when none has come for `limitMs`, this
// thread prints the test that stopped, leaves a record for hang-reporter.js (in the parent jest
// process) and SIGKILLs its own process: jest then fails that test file ("worker terminated")
// and goes on with the others in a fresh worker.
const fs = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');

const { limitMs, recordDir } = workerData;
let lastTick = Date.now();
let current = { armed: false, testPath: '', name: '' };

parentPort.on('message', (message) => {
  lastTick = Date.now();
  current = { ...current, ...message };
});

/** One line naming the stuck test, on the process's own stderr (jest passes it through). */
function report(silentForMs) {
  const where = current.name ? `${current.testPath} › ${current.name}` : current.testPath;
  const seconds = Math.round(silentForMs / 1000);
  fs.writeSync(
    2,
    `\nHANG: ${where}: no progress for ${seconds} s (its event loop never yielded); killing this jest worker (pid ${process.pid})\n`,
  );
  if (recordDir) {
    fs.mkdirSync(recordDir, { recursive: true });
    fs.writeFileSync(
      path.join(recordDir, `${process.pid}.json`),
      JSON.stringify({ testPath: current.testPath, name: current.name, silentForMs }),
    );
  }
}

setInterval(() => {
  const silentForMs = Date.now() - lastTick;
  if (current.armed && silentForMs > limitMs) {
    report(silentForMs);
    process.kill(process.pid, 'SIGKILL');
  }
}, 250);
