import fs from 'node:fs';

/** Open file descriptors and resident memory of a process (Linux /proc). */
export interface ProcessStats {
  readonly fds: number;
  readonly rssMiB: number;
}

/** Reads /proc/<pid>: the fd count and VmRSS. */
export function processStats(pid: number): ProcessStats {
  const fds = fs.readdirSync(`/proc/${pid}/fd`).length;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { fds, rssMiB: Math.round(kib / 102.4) / 10 };
}

/** The daemon's own event-loop delay maximum since the last scrape, in ms (prom-client resets it). */
export async function eventLoopMaxMs(url: string, token: string): Promise<number> {
  // Right after a connection flood every slot may still be taken (503): ask again.
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    const seconds = Number(/^tickler_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1]);
    if (Number.isFinite(seconds) || attempt >= 50) {
      return Math.round(seconds * 1000 * 10) / 10;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The daemon samples its event loop once a second (`EVENT_LOOP_SAMPLE_MS` in
 * apps/daemon/src/metrics/daemon-metrics.ts), and Node's histogram then records each whole
 * interval between samples (about 1,000 ms when nothing blocks): the delay is what the
 * longest interval took beyond that period.
 */
const DAEMON_SAMPLE_MS = 1000;

/**
 * The daemon's worst event-loop delay since the last scrape, in ms: {@link eventLoopMaxMs} less
 * the sampling period (0 when no sample was taken). A block shows when a sample falls in it.
 */
export async function eventLoopDelayMs(url: string, token: string): Promise<number> {
  const max = await eventLoopMaxMs(url, token);
  return Number.isFinite(max) ? Math.max(0, Math.round((max - DAEMON_SAMPLE_MS) * 10) / 10) : 0;
}
