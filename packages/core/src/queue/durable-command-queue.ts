import { type Clock } from '../clock/clock';
import { type IdGenerator } from '../clock/id-generator';
import { type Command } from '../commands/command';
import { type Database } from '../database/database';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { type Logger, silentLogger } from '../logger';
import { BatchRunner } from './batch-runner';
import { CrossProcessWakeUps } from './cross-process-wake-ups';
import { type EnqueueOptions, type QueuedCommand } from './enqueue-options';
import { LeaseHeartbeat } from './lease-heartbeat';
import { QueueCycle } from './queue-cycle';
import { releaseHeld, waitForCycle } from './queue-drain';
import {
  type PermanentFailure,
  type QueueExecutor,
  type QueueOptions,
  type QueueStats,
  type ResolvedQueueOptions,
  resolveQueueOptions,
} from './queue-options';
import { readQueueStats } from './queue-stats';
import { QueueStore } from './queue-store';
import { QueueWriter } from './queue-writer';
import { RowSettler } from './row-settler';
import { SafetySweep } from './safety-sweep';
import { WakeTimer } from './wake-timer';

/**
 * The durable command queue over `shared_scheduled_commands`, in the same database as the
 * domain (SQLite or PostgreSQL: the seeds call the SQLite flavour `SqliteCommandQueue`). Write
 * first, arm second: rows are committed before any timer moves. One timer is armed for the
 * earliest live row (due time or lease expiry) plus a coarse safety sweep.
 *
 * A facade over small collaborators: {@link QueueWriter} (enqueue, jobs), {@link WakeTimer}
 * and {@link SafetySweep} (when to look), {@link QueueCycle} (the loop), {@link BatchRunner}
 * (claim and run), {@link RowSettler} (retry, fail, re-arm), {@link CrossProcessWakeUps}
 * (LISTEN/NOTIFY on PostgreSQL).
 */
export class DurableCommandQueue {
  private readonly store: QueueStore;
  private readonly options: ResolvedQueueOptions;
  private readonly timer: WakeTimer;
  private readonly sweep: SafetySweep;
  private readonly wakeUps: CrossProcessWakeUps;
  private readonly writer: QueueWriter;
  private readonly runner: BatchRunner;
  private readonly cycle: QueueCycle;

  private executor: QueueExecutor | undefined;
  private isPermanent: PermanentFailure = () => false;
  private started = false;
  private stopping = false;

  constructor(
    private readonly database: Database,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    ids: IdGenerator,
    options: QueueOptions = {},
    private readonly logger: Logger = silentLogger,
  ) {
    this.options = resolveQueueOptions(options);
    this.store = new QueueStore(database.dialect);
    const armAt = (atMs: number): void => this.armAt(atMs);
    this.timer = new WakeTimer(clock, () => this.cycle.timerDue());
    this.sweep = new SafetySweep(
      clock,
      this.options.sweepMs,
      () => this.timer.armedAtMs,
      () => this.kick(),
    );
    this.wakeUps = new CrossProcessWakeUps(database.wakeUps, this.store, logger);
    this.writer = new QueueWriter(this.store, uow, clock, ids, this.options.maxAttempts, {
      announce: (tx, runAt) => this.wakeUps.announce(tx, runAt),
      armAt,
    });
    const settler = new RowSettler(this.store, uow, clock, logger, armAt, (error) =>
      this.isPermanent(error),
    );
    this.runner = new BatchRunner(
      this.store,
      uow,
      clock,
      ids,
      this.options,
      new LeaseHeartbeat(this.store, uow, clock, this.options.leaseMs, logger),
      settler,
      (type, payload) => this.execute(type, payload),
      () => this.stopping,
      armAt,
      logger,
    );
    this.cycle = new QueueCycle(
      {
        readNextInstant: () => this.readNextInstant(),
        runBatch: () => this.runner.runBatch(),
        rearmAt: (atMs) => {
          this.timer.clear();
          this.armAt(atMs);
        },
      },
      clock,
      this.options.batchSize,
      () => this.started && !this.stopping,
      logger,
    );
  }

  /** Connects the queue to whatever runs commands (the command bus). */
  setExecutor(executor: QueueExecutor, isPermanent: PermanentFailure): void {
    this.executor = executor;
    this.isPermanent = isPermanent;
  }

  /**
   * Persists a command to run later. Inside `tx` (or the unit of work open in this async flow)
   * the row commits with the caller's state; the timer is armed only after that commit.
   */
  enqueue(
    command: Command<unknown> | QueuedCommand,
    options: EnqueueOptions = {},
    tx?: Transaction,
  ): Promise<void> {
    return this.writer.enqueue(command, options, tx);
  }

  /**
   * Registers a repeatable job under a stable key. Booting again never duplicates it; a changed
   * cadence (or payload) updates the pending row and re-plans its next run.
   */
  schedule(
    command: Command<unknown> | QueuedCommand,
    key: string,
    options: EnqueueOptions & { repeat: NonNullable<EnqueueOptions['repeat']> },
  ): Promise<void> {
    return this.writer.schedule(command, key, options);
  }

  /** See {@link QueueWriter.retireJobs}. */
  retireJobs(prefix: string, registered: readonly string[]): Promise<number> {
    return this.writer.retireJobs(prefix, registered);
  }

  /** See {@link BatchRunner.runInClaimTransaction}. */
  runInClaimTransaction(key: string): void {
    this.runner.runInClaimTransaction(key);
  }

  /**
   * Calls `listener` whenever this process claims the row under `key` (inside the claim's
   * transaction): from then on that row is no longer pending, so whatever a caller remembers
   * about the pending row under `key` is stale (the deliver-due wake-up keeps such a cache).
   */
  onClaimed(key: string, listener: () => void): void {
    this.runner.onClaimed(key, listener);
  }

  /** Starts timers and runs whatever is already due (catch-up after downtime). */
  start(): void {
    if (this.started) {
      return;
    }
    if (!this.executor) {
      throw new Error('queue has no executor: call setExecutor first');
    }
    this.started = true;
    this.stopping = false;
    this.wakeUps.listen({ armAt: (atMs) => this.armAt(atMs), lookNow: () => this.kick() });
    this.sweep.arm();
    this.kick();
  }

  /**
   * Stops claiming, waits up to `deadlineMs` for in-flight handlers, then releases whatever is
   * still held so another process (or the next start) runs it at once.
   */
  async stop(options: { deadlineMs?: number } = {}): Promise<void> {
    if (!this.started) {
      return;
    }
    this.stopping = true;
    this.timer.clear();
    this.sweep.cancel();
    const stopListening = this.wakeUps.close();
    await waitForCycle(this.cycle.running, options.deadlineMs ?? 10_000);
    const tokens = [...this.runner.held];
    this.runner.held.clear();
    await releaseHeld(this.store, this.uow, this.clock, this.logger, tokens, (tx, runAt) =>
      this.wakeUps.announce(tx, runAt),
    );
    await stopListening;
    this.started = false;
  }

  /**
   * Resolves when no cycle is running (tests await this after moving the clock), and, on
   * PostgreSQL, once the LISTEN connection opened by `start` is active.
   */
  async idle(): Promise<void> {
    await this.wakeUps.ready();
    await this.cycle.idle();
  }

  /** Runs a cycle now (also what timers and the sweep do). */
  kick(): void {
    this.cycle.kick();
  }

  /** Rows per state, earliest due instant and its lateness (health checks, metrics). */
  stats(): Promise<QueueStats> {
    return readQueueStats(this.store, this.database.kysely, this.clock);
  }

  /** Arms the single timer for `atMs` unless one is already armed at or before it. */
  private armAt(atMs: number): void {
    if (!this.started || this.stopping) {
      return;
    }
    this.timer.armAt(atMs);
  }

  private async readNextInstant(): Promise<string | undefined> {
    const next = await this.store.nextWakeUp(this.database.kysely);
    this.sweep.looked();
    return next;
  }

  private execute(type: string, payload: unknown): Promise<unknown> {
    return (this.executor as QueueExecutor)(type, payload);
  }
}
