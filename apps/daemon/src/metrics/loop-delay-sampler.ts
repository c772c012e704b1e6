import { createHistogram, type IntervalHistogram, type RecordableHistogram } from 'node:perf_hooks';

/** The part of Node's event-loop delay histogram that prom-client's default metrics read. */
type MonitorView = Pick<
  IntervalHistogram,
  'enable' | 'disable' | 'min' | 'max' | 'mean' | 'stddev' | 'percentile' | 'reset'
>;

/**
 * Event-loop delay sampling that can pause. It records what `monitorEventLoopDelay` records —
 * each whole interval between two samples of a `periodMs` timer, in ns, so a blocked loop
 * shows as an interval longer than the period — but only between {@link start} and
 * {@link stop}, and never the pause itself (Node's histogram, disabled and enabled again,
 * records the pause as one long interval). The daemon samples while an HTTP client is
 * connected: an idle sidecar does not wake once a second for it (issue 28 item 6).
 */
export class LoopDelaySampler {
  private readonly histogram: RecordableHistogram = createHistogram();
  private timer: NodeJS.Timeout | undefined;
  private lastNs = 0n;

  constructor(private readonly periodMs: number) {}

  /** Starts sampling (a sampler already running goes on). */
  start(): void {
    if (this.timer) {
      return;
    }
    this.lastNs = process.hrtime.bigint();
    this.timer = setTimeout(() => this.sample(), this.periodMs);
    // Sampling must never be what keeps the process alive.
    this.timer.unref();
  }

  /** Stops sampling; what was recorded stays until read and reset. */
  stop(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  /** Whether the sampling timer is armed. */
  get sampling(): boolean {
    return this.timer !== undefined;
  }

  /**
   * What prom-client's default metrics are handed in place of `monitorEventLoopDelay`'s
   * histogram: its figures are this sampler's; its `enable`/`disable` do nothing (the daemon
   * starts and stops the sampler itself).
   */
  monitorView(): MonitorView {
    const histogram = this.histogram;
    return {
      enable: () => false,
      disable: () => false,
      get min() {
        return histogram.min;
      },
      get max() {
        return histogram.max;
      },
      get mean() {
        return histogram.mean;
      },
      get stddev() {
        return histogram.stddev;
      },
      percentile: (p) => histogram.percentile(p),
      reset: () => histogram.reset(),
    };
  }

  private sample(): void {
    const nowNs = process.hrtime.bigint();
    const intervalNs = nowNs - this.lastNs;
    if (intervalNs > 0n) {
      this.histogram.record(intervalNs);
    }
    this.lastNs = nowNs;
    this.timer?.refresh();
  }
}
