import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `node -r` this file to run the workspace's TypeScript sources without a build (swc, the jest
 * settings, the `@tickler/*` aliases). One level above `src/` and `dist/` alike.
 */
export const SWC_REGISTER = path.join(__dirname, '..', 'swc-register.js');

/** A real Node child process running a TypeScript fixture, with line-based stdout. */
export interface Child {
  /** The process itself (signals, stdin, exit and signal codes). */
  readonly process: ChildProcessWithoutNullStreams;
  readonly pid: number;
  /** Resolves with the first stdout line that satisfies `match` (rejects if the child exits first). */
  line(match: (line: string) => boolean): Promise<string>;
  /** Resolves with the exit code (or signal) once the child ends. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to the child. */
  kill(signal: NodeJS.Signals): void;
  /** Writes `text` to the child's stdin and closes it. */
  write(text: string): void;
  /** Everything written to stderr so far (for failure messages). */
  stderr(): string;
}

/** Spawns `node -r swc-register <script> ...args`: a TypeScript fixture run as its own process. */
export function spawnFixture(script: string, args: readonly string[]): Child {
  return lineChild(spawnTypeScript([script, ...args]));
}

/** `node -r swc-register ...argv` with the test file's environment. */
export function spawnTypeScript(argv: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['-r', SWC_REGISTER, ...argv], {
    stdio: 'pipe',
    // jest gives each test file its own copy of process.env; pass it on explicitly (it carries
    // TICKLER_TEST_DB and the run's schema tag).
    env: process.env,
  });
}

/** Wraps a spawned process in the line-based {@link Child} interface. */
export function lineChild(child: ChildProcessWithoutNullStreams): Child {
  const lines: string[] = [];
  const waiters: {
    match: (l: string) => boolean;
    resolve: (l: string) => void;
    reject: (e: Error) => void;
  }[] = [];
  let errors = '';
  let buffered = '';
  let ended = false;
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let at = buffered.indexOf('\n');
    while (at >= 0) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
      at = buffered.indexOf('\n');
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      ended = true;
      for (const waiter of waiters.splice(0)) {
        waiter.reject(
          new Error(
            `child exited (${String(code ?? signal)}) before the expected line; stderr:\n${errors}`,
          ),
        );
      }
      resolve({ code, signal });
    });
  });
  return {
    process: child,
    pid: child.pid ?? -1,
    exited,
    kill: (signal) => child.kill(signal),
    write: (text) => child.stdin.end(text),
    stderr: () => errors,
    line: (match) => {
      const seen = lines.find(match);
      if (seen !== undefined) {
        return Promise.resolve(seen);
      }
      if (ended) {
        return Promise.reject(new Error(`child already exited; stderr:\n${errors}`));
      }
      return new Promise((resolve, reject) => waiters.push({ match, resolve, reject }));
    },
  };
}

/**
 * SIGKILLs every child still running and empties the list: the `afterEach` of a spec that
 * spawns fixtures (a failed test must not leave workers behind — they would keep jest alive).
 */
export function killLeftovers(children: Child[]): void {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
    }
  }
}
