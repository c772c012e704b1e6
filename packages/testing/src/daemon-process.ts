import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from './repo-root';
import { dropAfterFile, testBackend, testPostgresUrl, testSchemaFor } from './test-backend';

/** The built daemon: `node apps/daemon/dist/main.js` (build it first: `buildDaemon`). */
export const DAEMON_MAIN = path.join(repoRoot(), 'apps/daemon/dist/main.js');

/** One JSON log line of the daemon (pino). */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/** How a process ended. */
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A real daemon child process on a free port, its database and admin token in `dir` (kept
 * across restarts: `start` again after `kill9` or `terminate` reopens the same database). On
 * PostgreSQL runs (`TICKLER_TEST_DB=postgres`) the database is the test server's schema
 * standing for {@link DaemonProcess.dbFile} (`testSchemaFor`): two processes on one folder share
 * it, as they share a file on SQLite; it is dropped after the test file. An explicit
 * `TICKLER_DATABASE_URL` in `env` wins.
 */
export class DaemonProcess {
  /** Every stdout line, parsed. */
  readonly lines: LogLine[] = [];
  /** Raw stdout and stderr, for "the token never appears" checks and failure messages. */
  stdout = '';
  stderr = '';
  /** Base URL of the running daemon (set once it prints its `listening` line). */
  url = '';
  private child: ChildProcess | undefined;
  private exited: Promise<ExitStatus> | undefined;
  private schemaToDrop: string | undefined;

  constructor(
    /** Folder holding the database and admin.token. */
    readonly dir: string,
    private readonly env: Record<string, string> = {},
    /** Node options before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
    private readonly nodeArgs: readonly string[] = [],
  ) {}

  /**
   * A fresh folder: under this jest run's root (`TICKLER_E2E_ROOT`, removed by the e2e global
   * teardown) when there is one, else under the system's temp folder.
   */
  static tempDir(prefix = 'daemon-'): string {
    return fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT ?? os.tmpdir(), prefix));
  }

  /**
   * The SQLite file the daemon uses: `TICKLER_DB` from `env` when given (a restart on another
   * process's file), else `tickler.db` in `dir`. On PostgreSQL runs its schema is the one
   * standing for this file, so a restart on the same file meets the same rows.
   */
  get dbFile(): string {
    return this.env.TICKLER_DB ?? path.join(this.dir, 'tickler.db');
  }

  /** Where the daemon writes the admin token it generates. */
  get adminTokenFile(): string {
    return path.join(this.dir, 'admin.token');
  }

  /** The admin token the daemon generated. */
  get adminToken(): string {
    return fs.readFileSync(this.adminTokenFile, 'utf8').trim();
  }

  /** The process id while it runs (or the last one). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The back-end settings of a PostgreSQL run (none on SQLite, or when `env` names a server). */
  private backendEnv(): Record<string, string> {
    if (testBackend() === 'sqlite' || this.env.TICKLER_DATABASE_URL !== undefined) {
      return {};
    }
    if (this.schemaToDrop === undefined) {
      this.schemaToDrop = testSchemaFor(this.dbFile);
      // Stopped (gracefully: a spec's own afterAll may still check the exit) before its
      // schema is dropped, since a running daemon would hold its tables.
      dropAfterFile(this.schemaToDrop, async () => {
        await this.terminate();
      });
    }
    return { TICKLER_DATABASE_URL: testPostgresUrl(), TICKLER_DATABASE_SCHEMA: this.schemaToDrop };
  }

  /** Spawns the daemon and resolves once it prints its `listening` line. */
  async start(): Promise<this> {
    this.url = '';
    const child = spawn(process.execPath, [...this.nodeArgs, DAEMON_MAIN], {
      env: {
        ...process.env,
        TICKLER_DB: this.dbFile,
        TICKLER_PORT: '0',
        TICKLER_LOG_LEVEL: 'info',
        // Tests' webhook receivers listen on 127.0.0.1 (the refusal has its own test).
        TICKLER_ALLOW_PRIVATE_TARGETS: 'true',
        // Tests send many webhooks to one person at once (throttling has its own tests).
        TICKLER_THROTTLE: 'off',
        ...this.backendEnv(),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const exited = new Promise<ExitStatus>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    this.exited = exited;
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    // Every line is consumed, so a chatty daemon never blocks on a full pipe.
    const lines = readline.createInterface({ input: child.stdout });
    const listening = new Promise<string>((resolve, reject) => {
      lines.on('line', (text) => {
        this.stdout += `${text}\n`;
        let line: LogLine;
        try {
          line = JSON.parse(text) as LogLine;
        } catch {
          line = { msg: text };
        }
        this.lines.push(line);
        if (line.msg === 'listening' && typeof line.url === 'string') {
          resolve(line.url);
        }
      });
      void exited.then(({ code, signal }) =>
        reject(
          new Error(
            `daemon exited before listening (code ${code}, signal ${signal}): ${this.stderr}`,
          ),
        ),
      );
    });
    this.url = await listening;
    return this;
  }

  /** kill -9: no chance to clean up. */
  async kill9(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (or another signal) and the exit status. */
  async terminate(signal: NodeJS.Signals = 'SIGTERM'): Promise<ExitStatus> {
    if (this.running) {
      this.child?.kill(signal);
    }
    return this.exited ?? { code: null, signal: null };
  }

  /** Whether the process is still running. */
  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  /** Log lines at pino level error (50) or worse. */
  errorLines(): LogLine[] {
    return this.lines.filter((l) => typeof l.level === 'number' && l.level >= 50);
  }
}

/** Runs the daemon with an environment and returns how it exited (for start-up failures). */
export async function runToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [DAEMON_MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}
