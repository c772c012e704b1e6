import { spawn } from 'node:child_process';
import path from 'node:path';
import sea from 'node:sea';
import { CliError } from '../cli.error';

/** What `tickler migrate` asks of the daemon (the names of `POST /v1/admin/migrate`'s body). */
export interface MigrateAsk {
  readonly from: string;
  readonly to: string;
  readonly schema?: string;
  readonly batchSize?: string;
}

/** One table's comparison after the copy (the daemon's report). */
export interface TableReport {
  readonly table: string;
  readonly sourceRows: number;
  readonly targetRows: number;
  readonly copied: number;
  readonly sourceChecksum: string;
  readonly targetChecksum: string;
  readonly match: boolean;
}

/** The daemon's report of one copy. */
export interface MigrateReport {
  readonly version: string;
  readonly copied: number;
  readonly tables: readonly TableReport[];
  readonly match: boolean;
}

/**
 * The daemon build to run `migrate` with: this executable itself inside the packaged sidecar
 * (`tickler-daemon migrate …`), else the built daemon of this workspace (`apps/daemon`).
 */
function daemonCommand(): { file: string; args: string[] } {
  if (sea.isSea()) {
    return { file: process.execPath, args: ['migrate'] };
  }
  // A process to start, never a module to import: the CLI stays a client of the daemon. From
  // apps/cli/{dist,src}/migrate to the workspace's apps/daemon/dist/main.js.
  const main = path.join(__dirname, '..', '..', '..', 'daemon', 'dist', 'main.js');
  return { file: process.execPath, args: [main, 'migrate'] };
}

/**
 * Runs the daemon's `migrate` subcommand as a child process (no daemon was named): its stderr
 * (progress with `verbose`, or the one line saying why it could not copy) goes straight to
 * ours, its report comes back on stdout; a failed run gives its exit status instead (the child
 * has said why). The child's stdin is a pipe, so it stops when this process dies (the daemon's
 * parent watch).
 */
export function migrateInChild(ask: MigrateAsk, verbose: boolean): Promise<MigrateReport | number> {
  const { file, args } = daemonCommand();
  const words = [
    ...args,
    '--from',
    ask.from,
    '--to',
    ask.to,
    ...(ask.schema !== undefined ? ['--schema', ask.schema] : []),
    ...(ask.batchSize !== undefined ? ['--batch-size', ask.batchSize] : []),
    ...(verbose ? ['--verbose'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(file, words, { stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.once('error', (error) =>
      reject(new CliError(`cannot start the daemon's migrate: ${error.message}`)),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) {
        try {
          resolve(JSON.parse(stdout) as MigrateReport);
        } catch {
          reject(new CliError('the daemon gave no report'));
        }
      } else {
        resolve(code ?? (signal === null ? 1 : 128));
      }
    });
  });
}
