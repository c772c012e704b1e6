import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { DaemonProcess } from '@tickler/testing';

/** A server the bench drives: its base URL, the bearer token its route wants, and how to stop it. */
export interface BenchServer {
  readonly url: string;
  readonly token: string | undefined;
  /** Its process, for the CPU time it spends (see {@link cpuSecondsOf}). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined
 * elsewhere. Per request, it is the figure the machine's load does not change much: the
 * shared cores slow both servers' wall-clock rates, not the work each request costs.
 */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) {
    return undefined;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** USER_HZ: Linux reports process times in 1/100 s on every common architecture. */
const CLOCK_TICKS = 100;

/** The user whose notifications route both servers serve. */
export const BENCH_USER = 'bench-user';

/** The scheduling route's path for {@link BENCH_USER}. */
export const BENCH_PATH = `/v1/users/${BENCH_USER}/notifications`;

/**
 * The real daemon (built dist, `node apps/daemon/dist/main.js`) on a fresh SQLite file in `dir`,
 * with a user token for {@link BENCH_USER} issued through the admin API. `cpuProfDir`: run it
 * under `node --cpu-prof`, the profile written there when it stops.
 */
export async function startBenchDaemon(
  dir: string,
  cpuProfDir: string | undefined,
): Promise<BenchServer> {
  const nodeArgs: string[] = [];
  if (cpuProfDir !== undefined) {
    fs.mkdirSync(cpuProfDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfDir)}`);
  }
  const daemon = await new DaemonProcess(dir, {}, nodeArgs).start();
  const response = await fetch(`${daemon.url}/v1/users/${BENCH_USER}/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${daemon.adminToken}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const issued = (await response.json()) as { token?: string };
  if (response.status !== 201 || issued.token === undefined) {
    await daemon.terminate();
    throw new Error(`issuing the bench user's token answered ${response.status}`);
  }
  return {
    url: daemon.url,
    token: issued.token,
    pid: daemon.pid,
    stop: async () => {
      const exit = await daemon.terminate();
      if (exit.code !== 0) {
        throw new Error(`the daemon exited ${exit.code ?? exit.signal}: ${daemon.stderr}`);
      }
    },
  };
}

/** The bare fastify route (http-bare-server.ts) in its own Node process. */
export async function startBareServer(): Promise<BenchServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(__dirname, 'http-bare-server.js')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) {
        resolve(line.slice('listening '.length));
      }
    });
    void exited.then(() => reject(new Error('the bare fastify server exited before listening')));
  });
  return {
    url,
    token: undefined,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One request with the bench's body: both servers must answer 201 before they are measured. */
export async function checkAnswers(server: BenchServer, scheduledAt: string): Promise<void> {
  const response = await fetch(`${server.url}${BENCH_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(server.token === undefined ? {} : { authorization: `Bearer ${server.token}` }),
    },
    body: JSON.stringify({
      title: 'Bench reminder',
      message: 'Sent by the HTTP bench.',
      scheduledAt,
    }),
  });
  const text = await response.text();
  if (response.status !== 201) {
    throw new Error(`${server.url}${BENCH_PATH} answered ${response.status}: ${text}`);
  }
}
