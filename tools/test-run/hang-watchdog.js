// A hang is a failure (issue 30 item 4): jest's testTimeout is a timer on the test's own event
// loop, so a test whose loop never yields runs for ever. Loaded in every test file
// (jest.preset.js `setupFilesAfterEnv`), this starts one watchdog thread per jest worker process
// (hang-watchdog-thread.js) and ticks it every second from the file's event loop while the file
// runs; the thread kills the worker, naming the test, after `TICKLER_TEST_HANG_MS` (default 60 s)
// without a tick. jest.preset.js sets `workerIdleMemoryLimit` so that jest always runs test files
// in worker processes, never inside its own (which the kill would take down with them).
const path = require('node:path');
const workerThreads = require('node:worker_threads');

/** Default silence that counts as a hang: far above any synchronous stretch a test has. */
const DEFAULT_LIMIT_MS = 60_000;
const TICK_MS = 1_000;

/**
 * The jest worker process's one watchdog thread. Test files share the process but not modules or
 * `process` (jest gives each file its own), so it is kept on the one object they do share: the
 * Node core module itself.
 */
function watchdog() {
  const key = Symbol.for('tickler.hangWatchdog');
  if (workerThreads[key] === undefined) {
    const limitMs = Number(process.env.TICKLER_TEST_HANG_MS ?? DEFAULT_LIMIT_MS);
    const thread = new workerThreads.Worker(path.join(__dirname, 'hang-watchdog-thread.js'), {
      workerData: { limitMs, recordDir: process.env.TICKLER_TEST_HANG_DIR },
    });
    // Never what keeps a worker alive, and never a reason to fail a test.
    thread.unref();
    thread.on('error', () => undefined);
    workerThreads[key] = thread;
  }
  return workerThreads[key];
}

const thread = watchdog();
const { testPath } = expect.getState();
thread.postMessage({ armed: true, testPath, name: '(loading the file)' });
// The real timer functions, taken before a test can install jest's fake ones.
const tick = setInterval(() => thread.postMessage({}), TICK_MS);

beforeAll(() => thread.postMessage({ name: '(beforeAll)' }));
beforeEach(() => thread.postMessage({ name: expect.getState().currentTestName }));
afterEach(() => thread.postMessage({ name: `${expect.getState().currentTestName} (afterEach)` }));
afterAll(() => {
  clearInterval(tick);
  thread.postMessage({ armed: false, name: '' });
});
