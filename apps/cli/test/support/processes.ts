import { execFile } from 'node:child_process';
import path from 'node:path';
import { DAEMON_MAIN, DaemonProcess, repoRoot } from '@tickler/testing';

/** The committed bin launcher npm links as `tickler` (it loads dist/main.js). */
export const TICKLER_BIN = path.join(repoRoot(), 'apps/cli/bin/tickler.js');

/** A real daemon child process on a free port with its database in a temp folder. */
export interface RunningDaemon {
  readonly dir: string;
  readonly dbFile: string;
  readonly url: string;
  readonly port: string;
  /** What the daemon has written on stderr so far (the first-reminder text, problems). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts the built daemon as a person would: default settings, no private webhook targets. */
export async function startDaemon(env: Record<string, string> = {}): Promise<RunningDaemon> {
  const daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
    TICKLER_ALLOW_PRIVATE_TARGETS: 'false',
    ...env,
  }).start();
  return {
    dir: daemon.dir,
    dbFile: daemon.dbFile,
    url: daemon.url,
    port: new URL(daemon.url).port,
    stderr: () => daemon.stderr,
    stop: async () => {
      await daemon.terminate();
    },
  };
}

/** What one CLI run printed and how it exited. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `tickler` with arguments and an environment (no shell involved). */
export function tickler(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  cwd?: string,
): Promise<CliRun> {
  return new Promise((resolve) => {
    const merged: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...env })) {
      if (value !== undefined) {
        merged[key] = value;
      }
    }
    execFile(
      process.execPath,
      [TICKLER_BIN, ...args],
      { env: merged, cwd },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The environment that lets the CLI find a daemon the way the daemon describes itself. */
export function envFor(daemon: RunningDaemon): Record<string, string | undefined> {
  return {
    TICKLER_DB: daemon.dbFile,
    TICKLER_PORT: daemon.port,
    TICKLER_URL: undefined,
    TICKLER_ADMIN_TOKEN: undefined,
    TICKLER_USER: undefined,
  };
}

/** Runs the daemon with an environment until it exits (a start that must fail). */
export function runDaemonToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DAEMON_MAIN],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

/**
 * One real daemon for a test file: started before its tests, stopped after. Read `daemon` and
 * `env` inside tests (they are set once `beforeAll` has run).
 */
export function useDaemon(extraEnv: Record<string, string> = {}): {
  daemon: RunningDaemon;
  env: Record<string, string | undefined>;
} {
  const shared = {} as { daemon: RunningDaemon; env: Record<string, string | undefined> };
  beforeAll(async () => {
    shared.daemon = await startDaemon(extraEnv);
    shared.env = envFor(shared.daemon);
  });
  afterAll(async () => {
    await shared.daemon?.stop();
  });
  return shared;
}

/** Runs tickler with --json and parses stdout; a failed run throws with its stderr. */
export async function ticklerJson<T>(
  args: readonly string[],
  env: Record<string, string | undefined>,
): Promise<T> {
  const run = await tickler(['--json', ...args], env);
  if (run.code !== 0) {
    throw new Error(`tickler ${args.join(' ')} failed (${run.code}): ${run.stderr}`);
  }
  return JSON.parse(run.stdout) as T;
}
