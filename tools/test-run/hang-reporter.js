// The parent side of the hang watchdog (hang-watchdog.js): makes the folder where a killed jest
// worker's watchdog leaves its record (TICKLER_TEST_HANG_DIR, inherited by the workers jest forks
// after the reporters are made) and, when a test file fails because its worker was killed, names
// the test that hung beside jest's "worker terminated" error, and again at the end of the run.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

class HangReporter {
  constructor() {
    this.dir = process.env.TICKLER_TEST_HANG_DIR;
    if (!this.dir) {
      this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-hangs-'));
      this.owned = true;
      process.env.TICKLER_TEST_HANG_DIR = this.dir;
    }
    this.hangs = [];
  }

  /** The records left for `testPath` (removed once read). */
  take(testPath) {
    if (!fs.existsSync(this.dir)) {
      return [];
    }
    const found = [];
    for (const name of fs.readdirSync(this.dir)) {
      const file = path.join(this.dir, name);
      const record = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (record.testPath === testPath) {
        found.push(record);
        fs.rmSync(file, { force: true });
      }
    }
    return found;
  }

  onTestFileResult(test, result) {
    if (!result.testExecError) {
      return;
    }
    for (const record of this.take(test.path)) {
      const line = `HUNG: ${path.relative(process.cwd(), record.testPath)} › ${record.name} (no progress for ${Math.round(record.silentForMs / 1000)} s)`;
      this.hangs.push(line);
      process.stderr.write(`${line}\n`);
    }
  }

  onRunComplete() {
    if (this.hangs.length > 0) {
      process.stderr.write(`\n${this.hangs.length} test(s) hung:\n${this.hangs.join('\n')}\n`);
    }
    if (this.owned) {
      fs.rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

module.exports = HangReporter;
