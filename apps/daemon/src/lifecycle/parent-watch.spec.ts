import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { type ParentGone, stdinIsPipe, watchParent } from './parent-watch';

describe('watchParent', () => {
  // Stream events arrive through setImmediate: only the interval is faked.
  beforeEach(() =>
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }),
  );
  afterEach(() => jest.useRealTimers());

  function watch(options: { pipe?: boolean; ppid?: () => number } = {}) {
    const stdin = new PassThrough();
    const reasons: ParentGone[] = [];
    const stop = watchParent((reason) => reasons.push(reason), {
      stdinIsPipe: options.pipe ?? true,
      stdin,
      parentPid: options.ppid ?? (() => 4242),
      intervalMs: 500,
    });
    return { stdin, reasons, stop };
  }

  it('reports the parent gone when stdin ends, once, and ignores what the parent writes', async () => {
    const { stdin, reasons } = watch();
    stdin.write('anything at all\n');
    stdin.end();
    await new Promise((resolve) => setImmediate(resolve));
    jest.advanceTimersByTime(2_000);
    expect(reasons).toEqual(['stdin closed']);
  });

  it('reports the parent gone when it is re-parented (the parent pid changes)', () => {
    let ppid = 4242;
    const { reasons } = watch({ ppid: () => ppid });
    jest.advanceTimersByTime(1_500);
    expect(reasons).toEqual([]);
    ppid = 1;
    jest.advanceTimersByTime(500);
    jest.advanceTimersByTime(5_000);
    expect(reasons).toEqual(['parent exited']);
  });

  it('does nothing when stdin is not a pipe (a terminal, /dev/null, systemd)', async () => {
    let ppid = 4242;
    const { stdin, reasons } = watch({ pipe: false, ppid: () => ppid });
    ppid = 1;
    stdin.end();
    await new Promise((resolve) => setImmediate(resolve));
    jest.advanceTimersByTime(5_000);
    expect(reasons).toEqual([]);
  });

  it('stops watching when asked (a shutdown already under way)', async () => {
    let ppid = 4242;
    const { stdin, reasons, stop } = watch({ ppid: () => ppid });
    stop();
    ppid = 1;
    stdin.end();
    await new Promise((resolve) => setImmediate(resolve));
    jest.advanceTimersByTime(5_000);
    expect(reasons).toEqual([]);
  });
});

describe('stdinIsPipe', () => {
  it('is true for a pipe and false for a regular file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-fd-'));
    const file = path.join(dir, 'file');
    const fifo = path.join(dir, 'fifo');
    fs.writeFileSync(file, '');
    execFileSync('mkfifo', [fifo]);
    // O_RDWR: opening a FIFO read-write does not wait for a writer (Linux).
    const fds = [fs.openSync(file, 'r'), fs.openSync(fifo, fs.constants.O_RDWR)];
    try {
      expect(fds.map((fd) => stdinIsPipe(fd))).toEqual([false, true]);
    } finally {
      fds.forEach((fd) => fs.closeSync(fd));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
