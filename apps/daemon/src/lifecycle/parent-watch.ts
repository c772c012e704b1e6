import fs from 'node:fs';
import { processWatchTicker, WatchTicker } from './watch-ticker';

/** Why {@link watchParent} decided the parent is gone. */
export type ParentGone = 'stdin closed' | 'parent exited';

/** What {@link watchParent} reads; the process's own stdin and parent by default. */
export interface ParentWatchOptions {
  /** Whether stdin is a pipe (or socket) a parent holds. Default: fd 0 is a FIFO or socket. */
  readonly stdinIsPipe?: boolean;
  readonly stdin?: NodeJS.ReadableStream;
  /** The current parent pid (it changes when the parent dies and we are re-parented). */
  readonly parentPid?: () => number;
  /**
   * How often the parent pid is compared, in ms, on a timer of its own. Default: on the shared
   * {@link processWatchTicker} (every 2 s), with the other process watches.
   */
  readonly intervalMs?: number;
}

/**
 * True when fd 0 is a pipe or a socket: how a supervising parent (Tauri and Electron by
 * default, Node's `spawn` with `stdio: 'pipe'`) hands a child its stdin. A terminal,
 * `/dev/null` (systemd, `nohup`, Docker without `-i`) or a file means nobody supervises us
 * through it.
 */
export function stdinIsPipe(fd = 0): boolean {
  try {
    const stat = fs.fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/**
 * Calls `onGone` once when the process that started us is gone, however it went (SIGKILL,
 * a crash): a crashed desktop app must not leave its sidecar running, holding the database.
 * Two signs, either is enough, both only when stdin is a pipe (a daemon started from a
 * terminal or by systemd is not anybody's sidecar and keeps running when its shell exits):
 * - end of file (or an error) on stdin: the kernel closes the parent's end of the pipe when
 *   the parent dies. Whatever the parent writes is read and ignored.
 * - our parent pid changes: we were re-parented (to init or a subreaper), which also covers a
 *   parent whose stdin pipe lives on in another process it started. Windows keeps the original
 *   parent id, so there only the pipe tells. No event tells this one: it is compared on the
 *   shared process-watch tick (every 2 s), the one periodic wake-up an idle sidecar has.
 * Returns a function that stops watching.
 */
export function watchParent(
  onGone: (reason: ParentGone) => void,
  options: ParentWatchOptions = {},
): () => void {
  if (!(options.stdinIsPipe ?? stdinIsPipe())) {
    return () => undefined;
  }
  const stdin = options.stdin ?? process.stdin;
  const parentPid = options.parentPid ?? (() => process.ppid);
  const parent = parentPid();
  let watching = true;
  const onEnd = (): void => gone('stdin closed');
  const ticker =
    options.intervalMs === undefined ? processWatchTicker : new WatchTicker(options.intervalMs);
  const removeCheck = ticker.add(() => {
    if (parentPid() !== parent) {
      gone('parent exited');
    }
  });
  const stop = (): void => {
    watching = false;
    removeCheck();
    stdin.off('end', onEnd);
    stdin.off('error', onEnd);
    stdin.pause();
  };
  function gone(reason: ParentGone): void {
    if (watching) {
      stop();
      onGone(reason);
    }
  }
  stdin.on('end', onEnd);
  stdin.on('error', onEnd);
  stdin.resume();
  return stop;
}
