import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The Debian package's binary; a `wrk` elsewhere on PATH is taken too. */
const WRK_CANDIDATES = ['/usr/bin/wrk', '/usr/local/bin/wrk'];

/** The wrk script that gives every request its own future `scheduledAt` (in the source tree). */
export const WRK_SCRIPT = path.resolve(__dirname, '../../bench/http-bench.lua');

/** Where wrk is, or undefined when it is not installed. */
export function findWrk(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'wrk'));
  return [...WRK_CANDIDATES, ...onPath].find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** What one wrk run is asked to do. */
export interface WrkLoad {
  readonly url: string;
  /** Request path (the user's notifications). */
  readonly path: string;
  /** Bearer token, or undefined for none (the bare route). */
  readonly token: string | undefined;
  /** Epoch seconds of the first `scheduledAt`: each run gets its own range. */
  readonly baseSec: number;
  readonly threads: number;
  readonly connections: number;
  readonly seconds: number;
}

/** One wrk run's totals (what the script's `done` prints), latencies in ms. */
export interface WrkResult {
  readonly requests: number;
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Answers that were not 2xx/3xx: a bench run with any is not a valid figure. */
  readonly non2xx: number;
  /** Connect, read and write errors and timeouts together. */
  readonly socketErrors: number;
}

interface WrkDone {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  connectErrors: number;
  readErrors: number;
  writeErrors: number;
  timeouts: number;
  non2xx: number;
}

/** Runs wrk once with the bench script and returns its totals (throws when wrk fails). */
export function runWrk(wrk: string, load: WrkLoad): Promise<WrkResult> {
  const args = [
    `-t${load.threads}`,
    `-c${load.connections}`,
    `-d${load.seconds}s`,
    // Generous: a slow answer must count in the p99, not vanish as a timeout.
    '--timeout',
    '10s',
    '-s',
    WRK_SCRIPT,
    load.url,
    '--',
    load.path,
    load.token ?? '-',
    String(load.baseSec),
    String(load.threads),
  ];
  return new Promise((resolve, reject) => {
    execFile(wrk, args, { timeout: (load.seconds + 30) * 1000 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`wrk failed: ${error.message} ${stderr}`));
        return;
      }
      const line = stdout
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{"requests"'));
      if (line === undefined) {
        reject(new Error(`wrk printed no totals: ${stdout} ${stderr}`));
        return;
      }
      const done = JSON.parse(line) as WrkDone;
      resolve({
        requests: done.requests,
        requestsPerSec: done.requests / (done.durationUs / 1e6),
        p50Ms: done.p50Us / 1000,
        p99Ms: done.p99Us / 1000,
        maxMs: done.maxUs / 1000,
        non2xx: done.non2xx,
        socketErrors: done.connectErrors + done.readErrors + done.writeErrors + done.timeouts,
      });
    });
  });
}
