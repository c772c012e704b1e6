import perfHooks, { type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import {
  type Application,
  type DomainEvent,
  JOB_LEDGER_KEEP,
  type JobOccurrence,
  msOf,
} from '@tickler/core';
import { LoopDelaySampler } from './loop-delay-sampler';

/** Counts deliveries per status straight from the database, at scrape time. */
export type StatusCounter = () => Promise<Readonly<Record<string, number>>>;

/** Period of the event-loop delay sampling behind `tickler_nodejs_eventloop_lag_*`, in ms. */
export const EVENT_LOOP_SAMPLE_MS = 1_000;

/** Lateness buckets, in seconds: from "on the dot" to "a day after a long sleep". */
const LATENESS_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300, 3600, 43_200, 86_400];

function latenessSeconds(event: DomainEvent): number | undefined {
  const { sentAt, scheduledAt } = event.payload;
  if (typeof sentAt !== 'string' || typeof scheduledAt !== 'string') {
    return undefined;
  }
  return Math.max(0, msOf(sentAt) - msOf(scheduledAt)) / 1000;
}

/** A ledger reason as a label: bounded values (a failed run's error text becomes `error`). */
function reasonLabel(o: JobOccurrence): string {
  if (o.outcome === 'failed') {
    return 'error';
  }
  return o.reason ?? 'on-time';
}

/**
 * The repeatable jobs' occurrence ledger (`JOB_LEDGER_KEEP`, the last 100 per job): how many of
 * those ran, failed or were skipped and why, and the instant of the latest of each outcome.
 */
function jobLedgerGauges(app: Application, registry: Registry): void {
  new Gauge({
    name: 'tickler_job_occurrences',
    help: `Occurrences of each repeatable job among its last ${JOB_LEDGER_KEEP} recorded, by outcome (ran, failed, skipped) and reason (on-time, late, collapsed, too-late, error).`,
    labelNames: ['job', 'outcome', 'reason'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const o of await app.queue.jobOccurrences()) {
        this.inc({ job: o.jobKey, outcome: o.outcome, reason: reasonLabel(o) });
      }
    },
  });
  new Gauge({
    name: 'tickler_job_last_occurrence_timestamp_seconds',
    help: 'The instant of the latest recorded occurrence of each repeatable job, by outcome (Unix seconds).',
    labelNames: ['job', 'outcome'],
    registers: [registry],
    async collect() {
      this.reset();
      // Oldest first per job: the last one set per (job, outcome) is the latest.
      for (const o of await app.queue.jobOccurrences()) {
        this.set({ job: o.jobKey, outcome: o.outcome }, msOf(o.instant) / 1000);
      }
    },
  });
}

/**
 * The daemon's Prometheus metrics on a registry of its own (never the global one, so two
 * daemons in one test process do not collide): deliveries by status (a count query at scrape
 * time, so it survives restarts), queue depth, the repeatable jobs' occurrence ledger,
 * delivery lateness, and domain events seen.
 */
export class DaemonMetrics {
  readonly registry = new Registry();
  private readonly unsubscribe: () => void;
  /** Event-loop delay behind `tickler_nodejs_eventloop_lag_*`; see {@link sampleEventLoop}. */
  readonly loopDelay = new LoopDelaySampler(EVENT_LOOP_SAMPLE_MS);

  constructor(app: Application, countByStatus: StatusCounter) {
    // prom-client samples event-loop delay on a libuv timer that runs from start to exit (its
    // default period of 10 ms woke an idle daemon 100 times a second, ~0.65 % of a core; once
    // a second was still most of an idle sidecar's wake-ups, issue 28 item 6). It is handed
    // the figures of a sampler of the same period that the daemon runs only while needed.
    const monitorEventLoopDelay = perfHooks.monitorEventLoopDelay;
    perfHooks.monitorEventLoopDelay = () => this.loopDelay.monitorView() as IntervalHistogram;
    try {
      collectDefaultMetrics({ register: this.registry, prefix: 'tickler_' });
    } finally {
      perfHooks.monitorEventLoopDelay = monitorEventLoopDelay;
    }
    new Gauge({
      name: 'tickler_deliveries',
      help: 'Notification deliveries in the database, by status.',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [status, count] of Object.entries(await countByStatus())) {
          this.set({ status }, count);
        }
      },
    });
    new Gauge({
      name: 'tickler_queue_depth',
      help: 'Rows of the durable command queue, by state.',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const stats = await app.queue.stats();
        this.set({ state: 'pending' }, stats.pending);
        this.set({ state: 'running' }, stats.running);
        this.set({ state: 'failed' }, stats.failed);
      },
    });
    new Gauge({
      name: 'tickler_queue_oldest_lateness_seconds',
      help: 'How overdue the most overdue pending queue row is, in seconds (0 when none is).',
      registers: [this.registry],
      async collect() {
        this.set((await app.queue.stats()).oldestLatenessMs / 1000);
      },
    });
    jobLedgerGauges(app, this.registry);
    const lateness = new Histogram({
      name: 'tickler_delivery_lateness_seconds',
      help: "Seconds between a notification's scheduled instant and its delivery.",
      buckets: LATENESS_BUCKETS,
      registers: [this.registry],
    });
    const events = new Counter({
      name: 'tickler_domain_events_total',
      help: 'Domain events committed since the daemon started, by type.',
      labelNames: ['type'],
      registers: [this.registry],
    });
    this.unsubscribe = app.events.subscribe('*', (event) => {
      events.inc({ type: event.type });
      if (event.type === 'notifications.sent') {
        const seconds = latenessSeconds(event);
        if (seconds !== undefined) {
          lateness.observe(seconds);
        }
      }
    });
  }

  /** Prometheus text exposition. */
  async render(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /**
   * Starts (`true`) or pauses the event-loop delay sampling behind `tickler_nodejs_eventloop_lag_*`.
   * The daemon samples while at least one HTTP connection is open — whoever reads `/metrics`, and
   * every client whose requests the delay would slow — and not while nobody is connected, so an
   * idle sidecar does not wake once a second for it. A scrape reports (and resets) the samples
   * taken since the last one.
   */
  sampleEventLoop(on: boolean): void {
    if (on) {
      this.loopDelay.start();
    } else {
      this.loopDelay.stop();
    }
  }

  close(): void {
    this.unsubscribe();
    this.loopDelay.stop();
  }
}
