import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The newest installed server's binaries (Debian layout), or undefined. */
function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) {
    return undefined;
  }
  const versions = fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(root, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin');
}

/**
 * A throwaway PostgreSQL cluster of its own (initdb in a temp folder, its own port), so a
 * scenario can restart the server without cutting the shared test server from under
 * everyone else's runs. The server refuses to run as root: when we are root the commands run
 * as the `postgres` user.
 */
export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
    /** `fsync=off` (a restart scenario needs no durability against power loss; a bench does). */
    private readonly fsync: boolean,
  ) {}

  /** Why a private server cannot be made here, or undefined when it can. */
  static unavailable(): string | undefined {
    return binDir() === undefined ? 'no /usr/lib/postgresql/<version>/bin/pg_ctl' : undefined;
  }

  /**
   * initdb + start on `port` (127.0.0.1, trust auth, user postgres, database postgres).
   * `fsync` defaults to off.
   */
  static start(port: number, options: { fsync?: boolean } = {}): PrivatePostgres {
    const bin = binDir();
    if (bin === undefined) {
      throw new Error(PrivatePostgres.unavailable());
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-pg-'));
    fs.chmodSync(dir, 0o755);
    const server = new PrivatePostgres(bin, dir, port, options.fsync ?? false);
    if (process.getuid?.() === 0) {
      execFileSync('chown', ['postgres:postgres', dir]);
    }
    server.run('initdb', ['-D', server.data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    server.ctl('start');
    return server;
  }

  /** The connection URL of database `postgres`. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get data(): string {
    return path.join(this.dir, 'data');
  }

  /** The server's log file (statements, when `log_statement` is set). */
  get logFile(): string {
    return path.join(this.dir, 'server.log');
  }

  /** The postmaster's pid: every backend of this server is its child. */
  postmasterPid(): number {
    return Number(fs.readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** `pg_ctl restart -m fast`: every session is cut, the server is back when it returns. */
  restart(): void {
    this.ctl('restart');
  }

  /** Stops the server and removes its folder. */
  stop(): void {
    try {
      this.run('pg_ctl', ['-D', this.data, 'stop', '-m', 'immediate', '-w']);
    } finally {
      fs.rmSync(this.dir, { recursive: true, force: true });
    }
  }

  private ctl(action: 'start' | 'restart'): void {
    const settings = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=${this.fsync ? 'on' : 'off'} -c max_connections=200`;
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-l',
      this.logFile,
      '-o',
      settings,
      ...(action === 'restart' ? ['-m', 'fast'] : []),
      '-w',
      action,
    ]);
  }

  private run(tool: string, args: string[]): void {
    const file = path.join(this.bin, tool);
    if (process.getuid?.() === 0) {
      execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
    } else {
      execFileSync(file, args, { stdio: 'pipe' });
    }
  }
}
