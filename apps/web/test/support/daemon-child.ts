import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/** The built daemon the page is served by (global-setup builds it). */
const DAEMON_MAIN = path.resolve(__dirname, '../../../daemon/dist/main.js');

/**
 * The real daemon as a child process on a free port and a temp database, serving the built page
 * from its default place (`apps/web/dist`). The browser suite's own small copy: projects do not
 * import each other's test code.
 */
export class DaemonChild {
  url = '';
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private stderr = '';

  constructor(
    readonly dir: string,
    /** Settings on top of the defaults (e.g. trusting a push-service stand-in's certificate). */
    private readonly env: Record<string, string> = {},
  ) {}

  /** A fresh folder under this run's root (removed by the global teardown). */
  static tempDir(): string {
    return fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT ?? os.tmpdir(), 'daemon-'));
  }

  get adminToken(): string {
    return fs.readFileSync(path.join(this.dir, 'admin.token'), 'utf8').trim();
  }

  /** Spawns it and resolves with its URL once it logs `listening`. */
  async start(): Promise<this> {
    const child = spawn(process.execPath, [DAEMON_MAIN], {
      env: {
        ...process.env,
        TICKLER_DB: path.join(this.dir, 'tickler.db'),
        TICKLER_PORT: '0',
        TICKLER_LOG_LEVEL: 'info',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    const lines = readline.createInterface({ input: child.stdout });
    this.url = await new Promise<string>((resolve, reject) => {
      lines.on('line', (text) => {
        const match = /"msg":"listening".*"url":"([^"]+)"|"url":"([^"]+)".*"msg":"listening"/.exec(
          text,
        );
        if (match) {
          resolve(match[1] ?? match[2]!);
        }
      });
      void this.exited!.then(() => reject(new Error(`daemon exited early: ${this.stderr}`)));
    });
    return this;
  }

  /** SIGTERM, and wait for the exit. */
  async terminate(): Promise<void> {
    this.child?.kill('SIGTERM');
    await this.exited;
  }
}

/** A JSON answer. */
export interface Answer<T> {
  status: number;
  body: T;
}

/** A bearer-token client for setting up what the page then shows (Node's fetch). */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  async request<T>(method: string, urlPath: string, body?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${this.baseUrl}${urlPath}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  get<T = unknown>(urlPath: string): Promise<Answer<T>> {
    return this.request<T>('GET', urlPath);
  }

  post<T = unknown>(urlPath: string, body: unknown = {}): Promise<Answer<T>> {
    return this.request<T>('POST', urlPath, body);
  }
}
