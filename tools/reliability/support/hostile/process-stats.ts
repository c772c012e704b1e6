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
