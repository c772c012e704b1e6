import fs from 'node:fs';

/** Linux clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ). */
const TICKS_PER_SEC = 100;

/** One process's CPU and run-queue wait, both in seconds. */
interface Sample {
  readonly cpu: number;
  /** Time runnable but waiting for a core (/proc/<pid>/schedstat, 2nd field, ns). */
  readonly wait: number;
}

/** utime + stime and run-queue wait of one process, or undefined when it is gone. */
function sampleOf(pid: number): Sample | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const sched = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ');
    return {
      cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SEC,
      wait: Number(sched[1]) / 1e9,
    };
  } catch {
    return undefined;
  }
}

/** Pids whose parent is `ppid` (a PostgreSQL server's backends are the postmaster's children). */
export function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid) {
        out.push(Number(entry));
      }
    } catch {
      // Gone between readdir and read.
    }
  }
  return out;
}

/**
 * CPU seconds a set of processes used over a phase, and how long they sat runnable waiting for
 * a core (the machine's other load shows there). Sampled every `everyMs` (backends come
 * and go: a process's last sample counts), so a process that lived less than one period
 * between samples is missed — the figure is a lower bound.
 */
export class CpuMeter {
  private readonly first = new Map<number, Sample>();
  private readonly last = new Map<number, Sample>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** The pids to follow, asked again at each sample. */
    private readonly pids: () => number[],
    private readonly everyMs = 250,
  ) {}

  /** Starts sampling. */
  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.everyMs);
    return this;
  }

  /** Stops sampling; CPU seconds and run-queue wait seconds per pid over the phase. */
  stop(): Map<number, Sample> {
    clearInterval(this.timer);
    this.sample();
    const out = new Map<number, Sample>();
    for (const [pid, last] of this.last) {
      const first = this.first.get(pid) ?? { cpu: 0, wait: 0 };
      out.set(pid, { cpu: last.cpu - first.cpu, wait: last.wait - first.wait });
    }
    return out;
  }

  private sample(): void {
    for (const pid of this.pids()) {
      const now = sampleOf(pid);
      if (now === undefined) {
        continue;
      }
      if (!this.first.has(pid)) {
        // A process born during the phase started from nothing.
        this.first.set(pid, this.timer === undefined ? now : { cpu: 0, wait: 0 });
      }
      this.last.set(pid, now);
    }
  }
}

/** The sums of a meter's figures. */
export function total(samples: Map<number, Sample>): Sample {
  let cpu = 0;
  let wait = 0;
  samples.forEach((s) => {
    cpu += s.cpu;
    wait += s.wait;
  });
  return { cpu, wait };
}
