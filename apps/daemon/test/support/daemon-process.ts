import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export const DAEMON_MAIN = path.resolve(__dirname, '../../dist/main.js');

/** One JSON log line of the daemon. */
export type LogLine = Record<string, unknown> & { msg?: string };

/** A real daemon child process on a free port and a temp database folder. */
export class DaemonProcess {
  readonly lines: LogLine[] = [];
  stderr = '';
  url = '';
  private child: ChildProcess | undefined;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;

  constructor(
    /** Folder holding the database and admin.token (kept across restarts). */
    readonly dir: string,
    private readonly env: Record<string, string> = {},
  ) {}

  /** A fresh folder under this run's root (removed by the global teardown). */
  static tempDir(): string {
    return fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT ?? os.tmpdir(), 'daemon-'));
  }

  get dbFile(): string {
    return path.join(this.dir, 'tickler.db');
  }

  get adminToken(): string {
    return fs.readFileSync(path.join(this.dir, 'admin.token'), 'utf8').trim();
  }

  /** Spawns `node dist/main.js` and resolves once it prints its `listening` line. */
  async start(): Promise<this> {
    const child = spawn(process.execPath, [DAEMON_MAIN], {
      env: {
        ...process.env,
        TICKLER_DB: this.dbFile,
        TICKLER_PORT: '0',
        TICKLER_LOG_LEVEL: 'info',
        // The tests' webhook receivers listen on 127.0.0.1 (the refusal has its own test).
        TICKLER_ALLOW_PRIVATE_TARGETS: 'true',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    // Every line is consumed, so a chatty daemon never blocks on a full pipe.
    const lines = readline.createInterface({ input: child.stdout });
    const listening = new Promise<string>((resolve, reject) => {
      lines.on('line', (text) => {
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
      void this.exited!.then(({ code, signal }) =>
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

  /** SIGTERM and the exit status. */
  async terminate(
    signal: NodeJS.Signals = 'SIGTERM',
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child?.kill(signal);
    return this.exited!;
  }

  /** Whether the process is still running. */
  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
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
