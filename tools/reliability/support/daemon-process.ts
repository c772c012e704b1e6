import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from './repo-root';

/** The built daemon: `node apps/daemon/dist/main.js`. */
export const DAEMON_MAIN = path.join(repoRoot(), 'apps/daemon/dist/main.js');

/** One JSON log line of the daemon (pino). */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/**
 * A real daemon child process on a free port, its database in `dir` (kept across restarts).
 * The same shape as the daemon's e2e helper (`apps/daemon/test/support/daemon-process.ts`),
 * which this project cannot import: Nx forbids relative imports into another project, and the
 * built torture script cannot reach test sources.
 */
export class DaemonProcess {
  /** Every stdout line, parsed. */
  readonly lines: LogLine[] = [];
  /** Raw stdout and stderr, for "the token never appears" checks. */
  stdout = '';
  stderr = '';
  url = '';
  private child: ChildProcess | undefined;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;

  constructor(
    readonly dir: string,
    private readonly env: Record<string, string> = {},
  ) {}

  static tempDir(prefix = 'tickler-rel-'): string {
    return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  }

  get dbFile(): string {
    return path.join(this.dir, 'tickler.db');
  }

  get adminTokenFile(): string {
    return path.join(this.dir, 'admin.token');
  }

  get adminToken(): string {
    return fs.readFileSync(this.adminTokenFile, 'utf8').trim();
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Spawns the daemon and resolves once it prints its `listening` line. */
  async start(): Promise<this> {
    this.url = '';
    const child = spawn(process.execPath, [DAEMON_MAIN], {
      env: {
        ...process.env,
        TICKLER_DB: this.dbFile,
        TICKLER_PORT: '0',
        TICKLER_LOG_LEVEL: 'info',
        // The scenarios' webhook receivers listen on 127.0.0.1.
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

  /** SIGTERM (or another signal) and the exit status. */
  async terminate(
    signal: NodeJS.Signals = 'SIGTERM',
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) {
      this.child?.kill(signal);
    }
    return this.exited ?? { code: null, signal: null };
  }

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
