import { type ChildProcess, spawn } from 'node:child_process';
import { TICKLER_BIN } from './processes';

/** Every long-running `tickler` a test file started and has not seen exit. */
const live = new Set<ChildProcess>();

// A test that fails before its own `stop()` must not leave `watch` running: jest would wait for
// it forever (a hung CI run). Whatever is still alive when the file ends is killed.
afterAll(() => {
  for (const child of live) {
    child.kill('SIGKILL');
  }
});

/** A long-running `tickler` (e.g. `watch`) whose output is collected as it comes. */
export class CliProcess {
  stdout = '';
  stderr = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: readonly string[], env: Record<string, string | undefined>) {
    const merged: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...env })) {
      if (value !== undefined) {
        merged[key] = value;
      }
    }
    this.child = spawn(process.execPath, [TICKLER_BIN, ...args], {
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.stdout += chunk.toString('utf8')));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    live.add(this.child);
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        live.delete(this.child);
        resolve({ code, signal });
      }),
    );
  }

  /**
   * Waits until `done()` holds (polls the collected output; never asserts on time). The guard is
   * generous: watch backs off up to 30 s between reconnects, and a loaded machine restarts slowly.
   */
  async until(done: () => boolean, what: string, deadlineMs = 60_000): Promise<void> {
    const until = Date.now() + deadlineMs;
    while (!done()) {
      if (Date.now() > until) {
        throw new Error(`${what} did not happen; stdout:\n${this.stdout}\nstderr:\n${this.stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM, and how it exited. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.kill('SIGTERM');
    return this.exited;
  }
}
