// Over 300 lines: one system's whole measurement (enqueue, drain, lateness, idle, scale, restart) with the shared timing rules it needs.
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchConfig } from './bench-config';
import {
  type ChildReply,
  type ChildResult,
  type ChildTask,
  type SystemId,
  type WorkloadName,
} from './bench.types';
import { runChild } from './child-runner';
import { type IdleRun, type RateRun, type ScaleRun, type SystemResults } from './results.types';
import { latenessSummary, quantile } from './stats';
import {
  baseOf,
  createSystem,
  PAST_DUE_ENQUEUE_DIFFERS,
  SYSTEM_LABELS,
} from './systems/system-registry';

/** Systems whose due check cannot be observed from the client, or whose 1M-row seed is out of budget. */
const SCALE_SKIPPED: Partial<Record<SystemId, string>> = {
  bullmq:
    'not measured: BullMQ promotes delayed jobs inside a server-side Lua script (no client-visible due check), and 1M delayed jobs would hold ~1 GB in the shared Redis',
};

/**
 * Skipped in quick mode only, to keep `--quick` under 2 minutes: the inbox-equivalent raw's due
 * check is the same partial-index read as the job-queue raw's, and no target is judged on it.
 */
const SCALE_SKIPPED_QUICK: Partial<Record<SystemId, string>> = {
  'raw-inbox':
    'quick mode: not measured (the same partial-index due read as the job-queue raw; the full run measures it)',
};

/**
 * Lateness skipped in quick mode only (same budget): the lateness target is absolute, and the
 * job-queue raw already shows a hand-written timer's floor on this machine.
 */
const LATENESS_SKIPPED_QUICK: readonly SystemId[] = ['raw-inbox'];

class NotRun extends Error {}

type Log = (line: string) => void;

/** Runs the workloads of one system, each step in a fresh child process. */
export class SystemBench {
  readonly results: SystemResults;

  constructor(
    private readonly system: SystemId,
    private readonly config: BenchConfig,
    private readonly dataDir: string,
    private readonly log: Log,
  ) {
    this.results = {
      system,
      label: SYSTEM_LABELS[system],
      settings: createSystem(system, dataDir).settings,
      status: 'ok',
      notes: [],
    };
  }

  /** Sends one task to a fresh child; throws NotRun when the back end is unreachable. */
  private async child(
    task: ChildTask,
    timeoutMs: number,
  ): Promise<{
    result: ChildResult;
    forkedAtEpochMs: number;
    reply: Extract<ChildReply, { ok: true }>;
  }> {
    const outcome = await runChild({ system: this.system, task, dataDir: this.dataDir }, timeoutMs);
    const reply = outcome.reply;
    if (!reply.ok) {
      if (reply.unavailable) {
        throw new NotRun(reply.error.split('\n')[0] ?? reply.error);
      }
      throw new Error(`${this.system} ${task.kind}: ${reply.error}`);
    }
    return { result: reply.result, forkedAtEpochMs: outcome.forkedAtEpochMs, reply };
  }

  /** Runs `step`, recording unavailability as "not run" and failures as notes. Returns false to stop. */
  private async guard(name: string, step: () => Promise<void>): Promise<boolean> {
    try {
      await step();
      return true;
    } catch (error) {
      if (error instanceof NotRun) {
        this.results.status = 'not run';
        this.results.notes.push(`not run: ${error.message}`);
        this.log(`  ${this.system}: not run (${error.message})`);
        return false;
      }
      this.results.status = 'partial';
      const text = error instanceof Error ? error.message : String(error);
      this.results.notes.push(`${name} failed: ${text.split('\n')[0] ?? text}`);
      this.log(`  ${this.system} ${name} FAILED: ${text}`);
      return true;
    }
  }

  /**
   * Runs the sequential workloads. Lateness runs here unless `concurrentLateness` (the caller then
   * runs it in a round with systems on other back ends, see `latenessRound`).
   */
  async run(workloads: readonly WorkloadName[], concurrentLateness = false): Promise<void> {
    const isBase = baseOf(this.system) === this.system;
    const steps: [WorkloadName, () => Promise<void>][] = [
      ['enqueue', () => this.enqueue()],
      ['drain', () => this.drainAndRestart()],
      ['lateness', () => this.lateness()],
      ['scale', () => this.scale()],
    ];
    for (const [name, step] of steps) {
      const wanted =
        name === 'drain'
          ? workloads.includes('drain') || workloads.includes('restart')
          : workloads.includes(name);
      if (
        !wanted ||
        ((name === 'enqueue' || name === 'scale') && !isBase) ||
        (name === 'lateness' && concurrentLateness)
      ) {
        continue;
      }
      if (
        name === 'lateness' &&
        this.config.mode === 'quick' &&
        LATENESS_SKIPPED_QUICK.includes(this.system)
      ) {
        this.log(`  ${this.system}: lateness skipped in quick mode`);
        continue;
      }
      this.log(`  ${this.system}: ${name}`);
      if (!(await this.guard(name, step))) {
        return;
      }
    }
  }

  private rate(result: ChildResult): RateRun {
    if (result.kind !== 'enqueue') {
      throw new Error(`expected an enqueue result, got ${result.kind}`);
    }
    return {
      perSec: (result.done / result.elapsedMs) * 1000,
      done: result.done,
      elapsedMs: result.elapsedMs,
      complete: result.complete,
    };
  }

  private async enqueue(): Promise<void> {
    const c = this.config;
    const one: RateRun[] = [];
    const bulk: RateRun[] = [];
    for (let rep = 0; rep < c.reps; rep++) {
      one.push(
        this.rate(
          (
            await this.child(
              { kind: 'enqueue-one', n: c.enqueueN, capMs: c.enqueueCapMs },
              c.enqueueCapMs + 60_000,
            )
          ).result,
        ),
      );
      bulk.push(
        this.rate(
          (
            await this.child(
              { kind: 'enqueue-bulk', n: c.enqueueN, chunk: c.bulkChunk, capMs: c.enqueueCapMs },
              c.enqueueCapMs + 60_000,
            )
          ).result,
        ),
      );
    }
    this.results.enqueueOne = one;
    this.results.enqueueBulk = bulk;
  }

  /** Bulk rates of the defaults variant, for a tuned one (which shares its enqueue path). */
  private baseBulk: readonly RateRun[] = [];

  useBulkRatesOf(base: SystemBench): void {
    this.baseBulk = base.results.enqueueBulk ?? [];
  }

  /**
   * How long after the seeding process opens the system the drain's items fall due. For a system
   * whose enqueue of a past-due item differs (see PAST_DUE_ENQUEUE_DIFFERS): 1.5× what its bulk
   * enqueue (measured earlier in this run, by the defaults variant for a tuned one) needs for N,
   * or 0.2 ms per item when it was not measured (`--workload drain`); never less than the
   * configured lead. The seeds write in larger calls than the measured bulk, so they finish
   * sooner still; an overrun is recorded in the notes.
   */
  private seedLeadMs(): number {
    const c = this.config;
    if (!PAST_DUE_ENQUEUE_DIFFERS.includes(this.system)) {
      // No worker runs in the seeding process, and an item written already due is the same row
      // as one that fell due: the least lead is enough.
      return c.drainSeedLeadMs;
    }
    const rates = (this.results.enqueueBulk ?? this.baseBulk)
      .map((r) => r.perSec)
      .filter((r) => r > 0);
    const estimateMs =
      rates.length > 0 ? (1.5 * c.drainN * 1000) / quantile(rates, 0.5) : c.drainN * 0.2;
    return Math.max(c.drainSeedLeadMs, Math.ceil(estimateMs));
  }

  /** Seeds N items that fall due, then a fresh process drains them: drain rate and restart time. */
  private async drainAndRestart(): Promise<void> {
    const c = this.config;
    const drains: RateRun[] = [];
    const restarts: (number | null)[] = [];
    for (let rep = 0; rep < c.reps; rep++) {
      const leadMs = this.seedLeadMs();
      const seeded = await this.child(
        { kind: 'seed-due', n: c.drainN, chunk: c.seedChunk, leadMs },
        300_000,
      );
      if (
        seeded.result.kind !== 'seeded' ||
        seeded.result.done !== c.drainN ||
        seeded.result.dueAtMs === undefined
      ) {
        throw new Error('seeding the due items did not complete');
      }
      if (seeded.result.overran === true && PAST_DUE_ENQUEUE_DIFFERS.includes(this.system)) {
        this.results.notes.push(
          `drain rep ${rep + 1}: seeding ${c.drainN} items took ${Math.round(seeded.result.elapsedMs)} ms, longer than their ${leadMs} ms lead: the last ones were written already due and took the system's other path (sent inline, or not delayed)`,
        );
      }
      const wait = seeded.result.dueAtMs + 50 - Date.now();
      if (wait > 0) {
        await sleep(wait);
      }
      const { result, forkedAtEpochMs } = await this.child(
        { kind: 'drain', n: c.drainN, capMs: c.drainCapMs },
        c.drainCapMs + 60_000,
      );
      if (result.kind !== 'drain') {
        throw new Error(`expected a drain result, got ${result.kind}`);
      }
      drains.push({
        perSec: (result.processed / result.drainMs) * 1000,
        done: result.processed,
        elapsedMs: result.drainMs,
        complete: result.complete,
      });
      restarts.push(result.complete ? result.settledAtEpochMs - forkedAtEpochMs : null);
    }
    this.results.drain = drains;
    this.results.restartMs = restarts;
  }

  /** Lateness, run by the caller concurrently with systems on other back ends. */
  async latenessRound(): Promise<void> {
    if (this.results.status === 'not run') {
      return;
    }
    this.log(`  ${this.system}: lateness`);
    await this.guard('lateness', () => this.lateness());
  }

  private async lateness(): Promise<void> {
    const c = this.config;
    this.results.lateness = [];
    for (let rep = 0; rep < c.reps; rep++) {
      const { result } = await this.child(
        {
          kind: 'lateness',
          n: c.latenessN,
          spreadMs: c.latenessSpreadMs,
          leadMs: c.latenessLeadMs,
          graceMs: c.latenessGraceMs,
        },
        c.latenessLeadMs + c.latenessSpreadMs + c.latenessGraceMs + 60_000,
      );
      if (result.kind !== 'lateness') {
        throw new Error(`expected a lateness result, got ${result.kind}`);
      }
      this.results.lateness.push({ ...latenessSummary(result.samplesMs), missing: result.missing });
      this.results.latenessSamples ??= result.samplesMs.map((v) => Math.round(v * 100) / 100);
    }
  }

  private async scaleAt(rows: number): Promise<ScaleRun> {
    const c = this.config;
    const seeded = await this.child({ kind: 'seed-future', n: rows, chunk: c.seedChunk }, 900_000);
    if (seeded.result.kind !== 'seeded') {
      throw new Error('seeding future rows failed');
    }
    const { result } = await this.child({ kind: 'due-check', samples: c.dueCheckSamples }, 300_000);
    if (result.kind !== 'due-check') {
      throw new Error(`expected a due-check result, got ${result.kind}`);
    }
    return {
      rows: result.rows,
      seedMs: seeded.result.elapsedMs,
      ...(result.samplesMs.length > 0
        ? {
            dueCheckMedianMs: quantile(result.samplesMs, 0.5),
            dueCheckP95Ms: quantile(result.samplesMs, 0.95),
          }
        : {}),
      rssBytes: result.rssBytes,
    };
  }

  private async scale(): Promise<void> {
    const reason =
      SCALE_SKIPPED[this.system] ??
      (this.config.mode === 'quick' ? SCALE_SKIPPED_QUICK[this.system] : undefined);
    if (reason) {
      this.results.scale = { reason };
      return;
    }
    const small = await this.scaleAt(this.config.scaleSmall);
    const large = await this.scaleAt(this.config.scaleLarge);
    this.results.scale = { small, large };
  }

  /** Idle cost; run by the caller concurrently with other systems' idle runs. */
  async idle(): Promise<void> {
    const c = this.config;
    await this.guard('idle', async () => {
      const { result } = await this.child(
        { kind: 'idle', windowMs: c.idleWindowMs, warmupMs: c.idleWarmupMs },
        c.idleWindowMs + c.idleWarmupMs + 60_000,
      );
      if (result.kind !== 'idle') {
        throw new Error(`expected an idle result, got ${result.kind}`);
      }
      const idle: IdleRun = {
        windowMs: result.windowMs,
        cpuSeconds: result.cpuSeconds,
        clientOps: result.clientOps,
      };
      if (result.serverOps !== undefined) {
        idle.serverOps = result.serverOps;
        idle.serverOpsLabel = result.serverOpsLabel ?? '';
      }
      this.results.idle = idle;
    });
  }

  /** Drops the system's storage (schema, Redis keys, files). */
  async clean(): Promise<void> {
    await this.guard('clean', async () => {
      await this.child({ kind: 'clean' }, 120_000);
    });
  }
}
