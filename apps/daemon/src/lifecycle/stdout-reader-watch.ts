import fs from 'node:fs';
import { processWatchTicker, WatchTicker } from './watch-ticker';

/**
 * Calls `onGone` once when the reader of stdout has closed its end while the daemon writes
 * nothing. A write to a closed pipe fails (EPIPE: `log-stream.ts` stops the daemon then), but
 * an idle daemon does not write: its start-up lines all go out at once after the readiness
 * line, so a reader that stops after the first line (`| head -c 100`) was never noticed.
 * When stdout is a socket — how Node's `spawn` (and so Electron, and our tests) connects a
 * child's stdout — the other end closing makes it readable at end of file: a 1-byte read
 * returns 0. Anything else (EAGAIN: nothing to read, bytes the reader sent us) means it is
 * still there. A FIFO (a shell's `|`, Rust's `Stdio::piped`) cannot be read from its write
 * end: there only the next write tells. The probe runs on the shared process-watch tick (every
 * 2 s), or every `intervalMs` on a timer of its own when given. Returns a function that stops
 * watching.
 */
export function watchStdoutReader(onGone: () => void, fd = 1, intervalMs?: number) {
  let socket = false;
  try {
    socket = fs.fstatSync(fd).isSocket();
  } catch {
    // fd closed: nothing to watch.
  }
  if (!socket) {
    return (): void => undefined;
  }
  const probe = Buffer.alloc(1);
  const ticker = intervalMs === undefined ? processWatchTicker : new WatchTicker(intervalMs);
  const stop = ticker.add(() => {
    let read: number;
    try {
      read = fs.readSync(fd, probe, 0, 1, null);
    } catch {
      return; // EAGAIN (alive, nothing sent) or anything else: leave it to the next write
    }
    if (read === 0) {
      stop();
      onGone();
    }
  });
  return stop;
}
