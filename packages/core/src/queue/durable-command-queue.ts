// Over 300 lines: the queue's one facade; each public method delegates to a collaborator.
import { type Clock } from '../clock/clock';
import { type IdGenerator } from '../clock/id-generator';
import { type Command } from '../commands/command';
import { type Database } from '../database/database';
import { msOf } from '../domain';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { ClaimRecovery } from '../instance/claim-recovery';
import { type ClaimedRows } from '../instance/claimed-rows';
import { type InstanceLock } from '../instance/instance-lock';
import { InstanceWatchdog } from '../instance/instance-watchdog';
import { type Logger, silentLogger } from '../logger';
import { BatchRunner } from './batch-runner';
import { BusyHandOff } from './busy-hand-off';
import { QueueClaims } from './queue-claims';
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
import { type JobOccurrence, readOccurrences } from './job-occurrences';
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
  private readonly recovery: ClaimRecovery;
  private readonly watchdog: InstanceWatchdog;
  private readonly handOff: BusyHandOff;
  /** Batches this queue's cycles started: a hand-off waits to see whether it moves. */
  private batchesClaimed = 0;
  /** The start-up catch-up (dead instances' claims) while it runs. */
  private startup: Promise<void> | undefined;

  private executor: QueueExecutor | undefined;
  private isPermanent: PermanentFailure = () => false;
  private started = false;
  private stopping = false;

  constructor(
    private readonly database: Database,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    ids: IdGenerator,
    /** This instance's lock: claims carry its id; dead instances' claims are taken over. */
    private readonly instance: InstanceLock,
    options: QueueOptions = {},
    private readonly logger: Logger = silentLogger,
  ) {
    this.options = resolveQueueOptions(options);
    this.store = new QueueStore(database.dialect);
    const armAt = (atMs: number): void => this.armAt(atMs);
    this.timer = new WakeTimer(clock, (atMs) => {
      if (this.cycle.running !== undefined && database.wakeUps !== undefined) {
        this.handOff.due(atMs); // PostgreSQL: others may take it if this cycle stays busy
      }
      this.cycle.timerDue();
    });
    this.sweep = new SafetySweep(
      clock,
      this.options.sweepMs,
      () => this.timer.armedAtMs,
      () => this.lookAround(),
    );
    // A queue that is not running (or is stopping) runs none of its rows: the others must hear.
    this.wakeUps = new CrossProcessWakeUps(
      database.wakeUps,
      this.store,
      logger,
      () => !this.started || this.stopping,
    );
    this.handOff = new BusyHandOff(clock, this.options.handOffMs, () =>
      this.cycle.running === undefined ? undefined : this.batchesClaimed,
    ).onStale((atMs) => {
      if (this.watchdog.watching) {
        this.wakeUps.handOff(database.kysely, atMs); // a lone instance has no one to tell
      }
    });
    this.writer = new QueueWriter(this.store, uow, clock, ids, this.options.maxAttempts, {
      announce: (tx, runAt, wakeOthers) => this.wakeUps.announce(tx, runAt, wakeOthers),
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
      instance.id,
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
        runBatch: () => {
          this.batchesClaimed++;
          this.watchdog.hurry(); // work is due: look at the other instances at the busy pace
          return this.runner.runBatch();
        },
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
    this.runner.beforeRunning(() => this.armWhileBusy());
    this.recovery = new ClaimRecovery(instance, uow, database.kysely, clock, logger);
    // A dead instance's claims are work for every survivor, not only the one that noticed.
    this.recovery.add(
      new QueueClaims((tx, runAt) => this.wakeUps.announce(tx, runAt, true), armAt),
    );
    this.watchdog = new InstanceWatchdog(
      clock,
      { idleMs: this.options.instanceWatchMs, busyMs: this.options.instanceWatchBusyMs },
      instance,
      this.recovery,
      () => this.started && !this.stopping,
      () =>
        this.cycle.running !== undefined || this.runner.held.size > 0 || this.recovery.working(),
      logger,
      // An instance that ended may have left rows it meant to run itself, never announced.
      () => this.kick(),
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

  /**
   * Adds a table whose rows instances claim (a context's `claims`): its claims are released at
   * stop and taken over at once when their instance dies, like the queue's own.
   */
  addClaimedRows(source: ClaimedRows): void {
    this.recovery.add(source);
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
    this.wakeUps.listen({ armAt: (atMs) => this.armAt(atMs), lookNow: () => this.lookAround() });
    this.sweep.arm();
    this.startup = this.catchUp().finally(() => {
      this.startup = undefined;
    });
  }

  /**
   * Restart catch-up: claims left by instances that died (this process's previous life, or
   * another daemon) become recoverable at once, then the first cycle claims everything due,
   * them included; then the watchdog starts looking at the other instances.
   */
  private async catchUp(): Promise<void> {
    try {
      await this.recovery.recoverDead();
    } catch (error) {
      this.logger.error({ err: error }, 'cannot recover dead instances’ claims; leases will');
    }
    this.kick();
    void this.watchdog.look();
  }

  /** The sweep, or another process asking: look at the table and at the other instances. */
  private lookAround(): void {
    void this.watchdog.look();
    this.kick();
  }

  /**
   * Stops claiming, waits up to `deadlineMs` for in-flight handlers, then releases whatever is
   * still held so another process (or the next start) runs it at once.
   */
  async stop(options: { deadlineMs?: number } = {}): Promise<void> {
    const deadlineMs = options.deadlineMs ?? 10_000;
    if (!this.started) {
      // Never started, yet a direct dispatch may have claimed rows (channel sends in flight).
      await this.recovery.drain(deadlineMs);
      await this.recovery.releaseOwn();
      return;
    }
    this.stopping = true;
    this.timer.clear();
    this.handOff.cancel();
    this.sweep.cancel();
    this.watchdog.stop();
    const stopListening = this.wakeUps.close();
    await this.startup;
    const stopStarted = Date.now();
    await waitForCycle(this.cycle.running, deadlineMs);
    // Work the handlers started outside the queue (channel sends on the network): the rest of
    // the deadline, then whatever is still held is released below.
    await this.recovery.drain(Math.max(0, deadlineMs - (Date.now() - stopStarted)));
    await this.watchdog.idle();
    const tokens = [...this.runner.held];
    this.runner.held.clear();
    await releaseHeld(this.store, this.uow, this.clock, this.logger, tokens, (tx, runAt) =>
      this.wakeUps.announce(tx, runAt),
    );
    // What this instance still holds elsewhere (channel sends `sending`): recoverable now.
    await this.recovery.releaseOwn();
    await stopListening;
    this.started = false;
  }

  /**
   * Resolves when no cycle is running (tests await this after moving the clock), and, on
   * PostgreSQL, once the LISTEN connection opened by `start` is active.
   */
  async idle(): Promise<void> {
    await this.startup;
    await this.wakeUps.ready();
    await this.cycle.idle();
    await this.watchdog.idle();
  }

  /**
   * True while started and not stopping: a context may then run a handler of its own right
   * after a commit (the send loop after a claim frees a slot) without waiting for a cycle.
   */
  get accepting(): boolean {
    return this.started && !this.stopping;
  }

  /** Runs a cycle now (also what timers and the sweep do). */
  kick(): void {
    this.cycle.kick();
  }

  /** Rows per state, earliest due instant and its lateness (health checks, metrics). */
  stats(): Promise<QueueStats> {
    return readQueueStats(this.database.kysely, this.clock);
  }

  /**
   * The repeatable jobs' per-occurrence ledger (instant, ran / failed / skipped, why): one
   * job's (`jobKey`, e.g. `job:notifications:notifications.deliver-due`) or every job's. Keeps
   * the last `JOB_LEDGER_KEEP` (100) per job; the row counters keep the totals.
   */
  jobOccurrences(options: { jobKey?: string; limit?: number } = {}): Promise<JobOccurrence[]> {
    return readOccurrences(this.database.kysely, options);
  }

  /**
   * A claim took the rows the timer was armed for, and its handlers may run long: with other
   * instances listening (PostgreSQL), arm for whatever falls due meanwhile, so that this queue,
   * still busy then, hands it off ({@link CrossProcessWakeUps.handOff}) instead of leaving a
   * row it never announced to wait. A lone instance or SQLite skips the read.
   */
  private armWhileBusy(): void {
    if (this.database.wakeUps === undefined || !this.watchdog.watching) {
      return;
    }
    this.store.nextWakeUp(this.database.kysely).then(
      (next) => {
        if (next !== undefined) {
          this.armAt(msOf(next));
        }
      },
      (error: unknown) => {
        this.logger.warn({ err: error }, 'cannot read the next instant; the cycle will');
      },
    );
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
