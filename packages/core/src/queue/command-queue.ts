import { type Clock, type TimerHandle } from '../clock/clock';
import { type IdGenerator } from '../clock/id-generator';
import { type Command, type CommandClass } from '../commands/command';
import { type Database, type Listening } from '../database/database';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { isIsoUtc, msOf, parseInstant, toIsoUtc } from '../domain';
import { type Logger, silentLogger } from '../logger';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff';
import { type EnqueueOptions, type QueuedCommand } from './enqueue-options';
import { QueueStore } from './queue-store';
import { type ScheduledCommandRow } from './queue.tables';
import { firstCronOccurrence, nextOccurrence, repeatColumns } from './repeat-schedule';

/** Runs a queued command; the application wires it to the command bus. */
export type QueueExecutor = (type: string, payload: unknown) => Promise<unknown>;

/** Tells whether a failure can never succeed on retry (validation, unknown command). */
export type PermanentFailure = (error: unknown) => boolean;

/** Tuning of {@link SqliteCommandQueue}. All durations in ms. */
export interface QueueOptions {
  /** Rows claimed per statement. Default 200. */
  batchSize?: number;
  /** Handlers run at once within a batch. Default 8. */
  concurrency?: number;
  /** How long a claim is exclusive before another process may recover it. Default 30 s. */
  leaseMs?: number;
  /**
   * Safety sweep period: covers lost timers, clock jumps, suspend/resume and other writers of
   * the same file. One indexed read when nothing is due. Default 60 s.
   */
  sweepMs?: number;
  /** Default claims per run. Default 5. */
  maxAttempts?: number;
}

/** Snapshot for health checks and metrics. */
export interface QueueStats {
  pending: number;
  running: number;
  failed: number;
  /** Earliest pending instant (ISO UTC), if any. */
  earliestDue?: string;
  /** How late the most overdue pending row is, in ms (0 when nothing is overdue). */
  oldestLatenessMs: number;
}

/** Thrown by `enqueue` for options that make no sense; names the option. */
export class InvalidEnqueueOptionsError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'InvalidEnqueueOptionsError';
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    return `${error.name}: ${error.message}`.slice(0, 4000);
  }
  return String(error).slice(0, 4000);
}

/**
 * How long a sweep that found the queue's own timer due at its instant waits before looking
 * again (the timer's cycle normally makes that look, so nothing is read twice).
 */
const TIMER_FIRING_GRACE_MS = 1_000;

/**
 * The durable command queue over `shared_scheduled_commands`, in the same database as the
 * domain. Write first, arm second: rows are committed before any timer moves. One timer is
 * armed for the earliest live row (due time or lease expiry) plus a coarse safety sweep.
 */
export class SqliteCommandQueue {
  private readonly store: QueueStore;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly sweepMs: number;
  private readonly maxAttempts: number;

  private executor: QueueExecutor | undefined;
  private isPermanent: PermanentFailure = () => false;
  private started = false;
  private stopping = false;
  private timer: TimerHandle | undefined;
  private timerDueMs = Number.POSITIVE_INFINITY;
  private sweepTimer: TimerHandle | undefined;
  private cycle: Promise<void> | undefined;
  private again = false;
  /** The single timer fired: a row is due (or a lease expired), so claim before reading. */
  private timerFired = false;
  private readonly heldTokens = new Set<string>();
  private statements = 0;
  /** Earliest instant already announced to other processes, per open transaction (PostgreSQL). */
  private readonly notified = new WeakMap<Transaction, string>();
  /** The LISTEN connection while started (PostgreSQL); a promise while it is being opened. */
  private listening: Promise<Listening | undefined> | undefined;
  /** Keys of repeatable rows run, claimed and re-armed in ONE transaction ({@link runInClaimTransaction}). */
  private readonly inClaimTransaction = new Set<string>();
  /** When the queue last read the next instant of the whole table (the sweep's statement). */
  private lastLookMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly database: Database,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    options: QueueOptions = {},
    private readonly logger: Logger = silentLogger,
  ) {
    this.store = new QueueStore(database.dialect);
    this.batchSize = options.batchSize ?? 200;
    this.concurrency = options.concurrency ?? 8;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.sweepMs = options.sweepMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 5;
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
  async enqueue(
    command: Command<unknown> | QueuedCommand,
    options: EnqueueOptions = {},
    tx?: Transaction,
  ): Promise<void> {
    const { type, payload } = toQueued(command);
    const nowMs = this.clock.now().getTime();
    const repeat = repeatColumns(options.repeat);
    let runAtMs = nowMs;
    if (options.runAt !== undefined) {
      runAtMs = msOf(
        typeof options.runAt === 'string'
          ? parseInstant(options.runAt, 'runAt')
          : toIsoUtc(options.runAt),
      );
    } else if (options.delayMs !== undefined) {
      if (!Number.isFinite(options.delayMs) || options.delayMs < 0) {
        throw new InvalidEnqueueOptionsError(
          'delayMs',
          'must be a non-negative number of milliseconds',
        );
      }
      runAtMs = nowMs + options.delayMs;
    } else if (repeat.repeat_cron !== null) {
      runAtMs = firstCronOccurrence(repeat, nowMs);
    }
    const maxAttempts = options.maxAttempts ?? this.maxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new InvalidEnqueueOptionsError('maxAttempts', 'must be a whole number ≥ 1');
    }
    const now = toIsoUtc(nowMs);
    const runAt = toIsoUtc(runAtMs);
    const row = {
      id: this.ids.next(),
      command_type: type,
      payload: JSON.stringify(payload ?? {}),
      key: options.key ?? null,
      status: 'pending' as const,
      run_at: runAt,
      scheduled_for: runAt,
      attempts: 0,
      max_attempts: maxAttempts,
      backoff_base_ms: options.backoff?.baseMs ?? DEFAULT_BACKOFF.baseMs,
      backoff_max_ms: options.backoff?.maxMs ?? DEFAULT_BACKOFF.maxMs,
      lease_token: null,
      last_error: null,
      ...repeat,
      runs: 0,
      skipped_runs: 0,
      failed_runs: 0,
      last_run_at: null,
      created_at: now,
      updated_at: now,
    };
    const write = async (t: Transaction): Promise<void> => {
      const storedRunAt = await this.store.insert(t.db, row, options.onKeyConflict ?? 'replace');
      this.statements++;
      await this.announce(t, storedRunAt);
      t.afterCommit(() => this.armAt(msOf(storedRunAt)));
    };
    if (tx) {
      await write(tx);
    } else {
      await this.uow.run(write);
    }
  }

  /**
   * Registers a repeatable job under a stable key. Booting again never duplicates it; a changed
   * cadence (or payload) updates the pending row and re-plans its next run.
   */
  async schedule(
    command: Command<unknown> | QueuedCommand,
    key: string,
    options: EnqueueOptions & { repeat: NonNullable<EnqueueOptions['repeat']> },
  ): Promise<void> {
    const { type, payload } = toQueued(command);
    const repeat = repeatColumns(options.repeat);
    await this.uow.run(async (tx) => {
      const existing = await this.store.findPendingByKey(tx.db, key);
      if (!existing) {
        await this.enqueue(command, { ...options, key, onKeyConflict: 'replace' }, tx);
        return;
      }
      const payloadText = JSON.stringify(payload ?? {});
      const cadenceChanged =
        Number(existing.repeat_every_ms ?? 0) !== Number(repeat.repeat_every_ms ?? 0) ||
        existing.repeat_cron !== repeat.repeat_cron ||
        existing.repeat_tz !== repeat.repeat_tz;
      if (!cadenceChanged && existing.payload === payloadText && existing.command_type === type) {
        return;
      }
      const nowMs = this.clock.now().getTime();
      const nextMs = cadenceChanged
        ? Math.min(
            msOf(existing.run_at),
            repeat.repeat_cron !== null
              ? firstCronOccurrence(repeat, nowMs)
              : nowMs + Number(repeat.repeat_every_ms),
          )
        : msOf(existing.run_at);
      const next = toIsoUtc(nextMs);
      await this.store.updatePending(tx.db, existing.id, {
        command_type: type,
        payload: payloadText,
        ...repeat,
        run_at: next,
        scheduled_for: next,
        updated_at: toIsoUtc(nowMs),
      });
      tx.afterCommit(() => this.armAt(nextMs));
    });
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
    this.listen();
    this.armSweep();
    this.kick();
  }

  /**
   * PostgreSQL: wakes this process when another one commits a row (LISTEN/NOTIFY). The payload
   * is the row's run_at, armed like a local enqueue (earlier only); a re-opened connection
   * may have missed some, so it triggers a full cycle. The safety sweep stays the backstop.
   */
  private listen(): void {
    const channel = this.database.wakeUps;
    if (!channel) {
      return;
    }
    this.listening = channel
      .listen((payload) => {
        if (payload !== undefined && isIsoUtc(payload)) {
          this.armAt(msOf(payload));
        } else {
          this.kick();
        }
      })
      .catch((error: unknown) => {
        this.logger.warn(
          { err: error },
          "cannot LISTEN for other processes' rows; relying on the safety sweep",
        );
        return undefined;
      });
  }

  /**
   * PostgreSQL: NOTIFY in the writer's transaction that a row is due at `runAt` (delivered
   * on commit only). One per transaction unless a later write is earlier still.
   */
  private async announce(tx: Transaction, runAt: string): Promise<void> {
    const channel = this.database.wakeUps?.channel;
    if (channel === undefined) {
      return;
    }
    const already = this.notified.get(tx);
    if (already !== undefined && already <= runAt) {
      return;
    }
    await this.store.notifyWakeUp(tx.db, channel, runAt);
    this.notified.set(tx, runAt);
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
    this.clearTimer();
    if (this.sweepTimer) {
      this.clock.clearTimer(this.sweepTimer);
      this.sweepTimer = undefined;
    }
    const listening = this.listening;
    this.listening = undefined;
    const stopListening = listening?.then((l) => l?.close());
    const running = this.cycle;
    if (running) {
      let timeout: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        // Real time on purpose: shutdown must end even when a test clock is frozen.
        timeout = setTimeout(resolve, options.deadlineMs ?? 10_000);
      });
      await Promise.race([running.catch(() => undefined), deadline]);
      clearTimeout(timeout);
    }
    if (this.heldTokens.size > 0) {
      const tokens = [...this.heldTokens];
      this.heldTokens.clear();
      const released = await this.uow.run(async (tx) => {
        const now = toIsoUtc(this.clock.now());
        const count = await this.store.release(tx.db, tokens, now);
        if (count > 0) {
          // Another process on the same PostgreSQL database picks the released rows up at once.
          await this.announce(tx, now);
        }
        return count;
      });
      // Tokens of batches that finished during the wait are still listed (their unstarted rows
      // need releasing); only rows actually given back are worth a warning.
      if (released > 0) {
        this.logger.warn({ released }, 'queue stopped with work in flight; released its claims');
      }
    }
    await stopListening;
    this.started = false;
  }

  /**
   * Resolves when no cycle is running (tests await this after moving the clock), and, on
   * PostgreSQL, once the LISTEN connection opened by `start` is active.
   */
  async idle(): Promise<void> {
    await this.listening;
    while (this.cycle) {
      await this.cycle.catch(() => undefined);
    }
  }

  /**
   * Runs the repeatable row under `key` inside the transaction that claims it, and re-arms it
   * there too: one commit per run instead of three (claim, handler, settle). Only for a handler
   * that, inside a caller's transaction, touches nothing but the database (no HTTP call may
   * hold the write lock). A crash or a throw rolls the claim, the handler's writes and the
   * re-arm back together: the row stays pending, and a throw is retried at once the ordinary
   * way (claim, run, settle), which records the failure.
   */
  runInClaimTransaction(key: string): void {
    this.inClaimTransaction.add(key);
  }

  /** Runs a cycle now (also what timers and the sweep do). */
  kick(): void {
    if (!this.started || this.stopping) {
      return;
    }
    if (this.cycle) {
      this.again = true;
      return;
    }
    this.cycle = this.runCycles().finally(() => {
      this.cycle = undefined;
    });
  }

  /** Statements issued by the queue's own loop (claims, settles, wake-up reads): for the idle benchmark. */
  statementCount(): number {
    return this.statements;
  }

  async stats(): Promise<QueueStats> {
    const counts = await this.store.counts(this.database.kysely);
    const earliest = await this.store.earliestPending(this.database.kysely);
    const lateness = earliest ? Math.max(0, this.clock.now().getTime() - msOf(earliest)) : 0;
    return {
      pending: counts.pending ?? 0,
      running: counts.running ?? 0,
      failed: counts.failed ?? 0,
      ...(earliest ? { earliestDue: earliest } : {}),
      oldestLatenessMs: lateness,
    };
  }

  /** Reads one row (tests and tooling). */
  async get(id: string): Promise<ScheduledCommandRow | undefined> {
    return this.store.get(this.database.kysely, id);
  }

  /** Arms the single timer for `dueMs` unless one is already armed at or before it. */
  private armAt(dueMs: number): void {
    if (!this.started || this.stopping || dueMs >= this.timerDueMs) {
      return;
    }
    this.clearTimer();
    this.timerDueMs = dueMs;
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      this.timerDueMs = Number.POSITIVE_INFINITY;
      this.timerFired = true;
      this.kick();
    }, dueMs - this.clock.now().getTime());
  }

  private clearTimer(): void {
    if (this.timer) {
      this.clock.clearTimer(this.timer);
    }
    this.timer = undefined;
    this.timerDueMs = Number.POSITIVE_INFINITY;
  }

  /**
   * The sweep makes sure the queue reads the table's next instant at least every `sweepMs`. A
   * cycle ends with that very read, so a sweep falling within `sweepMs` of the last one (or
   * at the instant the queue's own timer fires, whose cycle ends with it) is postponed rather
   * than repeated: an idle queue whose only row is a minutely job reads once a minute, not twice.
   */
  private armSweep(delayMs = this.sweepMs): void {
    this.sweepTimer = this.clock.setTimer(() => {
      const nowMs = this.clock.now().getTime();
      const sinceLook = nowMs - this.lastLookMs;
      if (this.timerDueMs <= nowMs && nowMs - this.timerDueMs < TIMER_FIRING_GRACE_MS) {
        // The queue's own timer is due at this very instant and its cycle ends with the read:
        // look again shortly, not a whole period later. (A timer long overdue by the wall clock
        // is not about to fire: after a forward wall-clock jump Node fires it on its monotonic
        // schedule, so the sweep must not wait for it.)
        this.armSweep(TIMER_FIRING_GRACE_MS);
        return;
      }
      // A negative gap is a clock that went backwards: sweep now.
      if (sinceLook >= 0 && sinceLook < this.sweepMs) {
        this.armSweep(this.sweepMs - sinceLook);
        return;
      }
      this.armSweep();
      this.kick();
    }, delayMs);
  }

  private async runCycles(): Promise<void> {
    do {
      this.again = false;
      const claimFirst = this.timerFired;
      this.timerFired = false;
      try {
        await this.runCycle(claimFirst);
      } catch (error) {
        this.logger.error({ err: error }, 'queue cycle failed; the sweep will retry');
      }
    } while (this.again && !this.stopping);
  }

  /**
   * One wake-up: claim and run batches while something is due, then re-arm the timer on the
   * next instant. A sweep (or start) first reads the next instant — one indexed statement when
   * idle. A fired timer means a row is due, so it claims at once: the handler starts one read
   * earlier, which is most of what the queue adds to a command's lateness.
   */
  private async runCycle(claimFirst: boolean): Promise<void> {
    let next = claimFirst ? undefined : await this.readWakeUp();
    let claimNow = claimFirst;
    while (
      !this.stopping &&
      (claimNow || (next !== undefined && msOf(next) <= this.clock.now().getTime()))
    ) {
      const claimed = await this.claimBatch();
      // A full batch: more is probably due, claim again before looking.
      claimNow = claimed === this.batchSize;
      if (!claimNow) {
        next = await this.readWakeUp();
        if (claimed === 0) {
          break;
        }
      }
    }
    if (next !== undefined && !this.stopping) {
      this.clearTimer();
      this.armAt(msOf(next));
    }
  }

  private async readWakeUp(): Promise<string | undefined> {
    const next = await this.store.nextWakeUp(this.database.kysely);
    this.statements++;
    this.lastLookMs = this.clock.now().getTime();
    return next;
  }

  /** Claims and runs one batch; returns how many rows it claimed. */
  private async claimBatch(): Promise<number> {
    const { claimed, rows, token } = await this.claim();
    if (rows.length === 0) {
      return claimed;
    }
    this.heldTokens.add(token);
    const heartbeat = this.keepLeaseAlive(token);
    try {
      const done: string[] = [];
      let index = 0;
      const worker = async (): Promise<void> => {
        while (index < rows.length && !this.stopping) {
          const row = rows[index++];
          if (row && (await this.runRow(row, token))) {
            done.push(row.id);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, rows.length) }, worker));
      if (done.length > 0) {
        const completed = await this.uow.run((tx) => this.store.complete(tx.db, token, done));
        this.statements++;
        if (completed !== done.length) {
          this.logger.warn(
            { expected: done.length, completed },
            'lost the lease on some rows before completing them',
          );
        }
      }
    } finally {
      heartbeat();
      if (!this.stopping) {
        this.heldTokens.delete(token);
      }
    }
    return claimed;
  }

  /**
   * One claim transaction. Rows registered with {@link runInClaimTransaction} run and re-arm
   * inside it; `rows` are the ones left to run after commit.
   */
  private async claim(): Promise<{ claimed: number; rows: ScheduledCommandRow[]; token: string }> {
    if (this.inClaimTransaction.size > 0) {
      try {
        return await this.claimOnce(true);
      } catch (error) {
        // Rolled back whole: the claim, the handler's writes and the re-arm. Claim again the
        // ordinary way, which runs the handler once more and records a second failure as such.
        this.logger.warn(
          { err: error },
          'job run in its claim transaction failed; running it the ordinary way',
        );
      }
    }
    return this.claimOnce(false);
  }

  private async claimOnce(
    runEligible: boolean,
  ): Promise<{ claimed: number; rows: ScheduledCommandRow[]; token: string }> {
    const nowMs = this.clock.now().getTime();
    const token = this.ids.next();
    return this.uow.run(async (tx) => {
      const all = await this.store.claim(
        tx.db,
        toIsoUtc(nowMs),
        toIsoUtc(nowMs + this.leaseMs),
        token,
        this.batchSize,
      );
      this.statements++;
      return {
        claimed: all.length,
        rows: runEligible ? await this.runEligibleInClaim(tx, all, token) : all,
        token,
      };
    });
  }

  /**
   * Runs the claimed rows registered with {@link runInClaimTransaction} inside the claim's
   * transaction and re-arms them there; returns the rows left to run after commit. A throw
   * (the handler's, or the re-arm's: e.g. the handler enqueued a pending row under the same
   * key) propagates and rolls everything back.
   */
  private async runEligibleInClaim(
    tx: Transaction,
    rows: ScheduledCommandRow[],
    token: string,
  ): Promise<ScheduledCommandRow[]> {
    const later: ScheduledCommandRow[] = [];
    for (const row of rows) {
      const eligible =
        row.key !== null &&
        this.inClaimTransaction.has(row.key) &&
        row.attempts <= row.max_attempts &&
        (row.repeat_every_ms !== null || row.repeat_cron !== null);
      if (!eligible) {
        later.push(row);
        continue;
      }
      await (this.executor as QueueExecutor)(row.command_type, JSON.parse(row.payload) as unknown);
      const changes = this.rearmChanges(row, null);
      if (!(await this.store.settle(tx.db, row.id, token, changes))) {
        throw new Error(`job row ${row.id} changed under its own claim transaction`);
      }
      this.statements++;
      const runAt = changes.run_at;
      tx.afterCommit(() => this.armAt(msOf(runAt)));
    }
    return later;
  }

  /** Extends the batch's lease every third of a lease while it runs; returns a stop function. */
  private keepLeaseAlive(token: string): () => void {
    let handle: TimerHandle | undefined;
    const beat = (): void => {
      handle = this.clock.setTimer(() => {
        const nowMs = this.clock.now().getTime();
        void this.uow
          .run((tx) =>
            this.store.extendLease(tx.db, token, toIsoUtc(nowMs + this.leaseMs), toIsoUtc(nowMs)),
          )
          .catch((error: unknown) => this.logger.error({ err: error }, 'lease extension failed'));
        beat();
      }, this.leaseMs / 3);
    };
    beat();
    return () => {
      if (handle) {
        this.clock.clearTimer(handle);
      }
    };
  }

  /**
   * Runs one claimed row. Returns true when it is a finished one-shot row to delete in the
   * batch's completion statement; everything else is settled here.
   */
  private async runRow(row: ScheduledCommandRow, token: string): Promise<boolean> {
    if (row.attempts > row.max_attempts) {
      // Its last allowed claim was abandoned (the process died holding it).
      await this.fail(
        row,
        token,
        new Error(`abandoned: lease expired on attempt ${row.max_attempts}`),
      );
      return false;
    }
    let outcome: { ok: true } | { ok: false; error: unknown };
    try {
      await (this.executor as QueueExecutor)(row.command_type, JSON.parse(row.payload) as unknown);
      outcome = { ok: true };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (outcome.ok) {
      if (row.repeat_every_ms === null && row.repeat_cron === null) {
        return true;
      }
      await this.rearm(row, token, null);
      return false;
    }
    this.logger.warn(
      { err: outcome.error, command: row.command_type, attempt: row.attempts },
      'queued command failed',
    );
    if (row.attempts < row.max_attempts && !this.isPermanent(outcome.error)) {
      const nowMs = this.clock.now().getTime();
      const retryAt = toIsoUtc(
        nowMs + backoffDelay(row.attempts, row.backoff_base_ms, row.backoff_max_ms),
      );
      await this.settleOrMerge(row, token, {
        status: 'pending',
        run_at: retryAt,
        lease_token: null,
        last_error: errorText(outcome.error),
        updated_at: toIsoUtc(nowMs),
      });
      return false;
    }
    await this.fail(row, token, outcome.error);
    return false;
  }

  private async fail(row: ScheduledCommandRow, token: string, error: unknown): Promise<void> {
    if (row.repeat_every_ms !== null || row.repeat_cron !== null) {
      // A repeatable job never dies of one bad run: record it and move to the next occurrence.
      await this.rearm(row, token, error);
      return;
    }
    const now = toIsoUtc(this.clock.now());
    await this.uow.run((tx) =>
      this.store.settle(tx.db, row.id, token, {
        status: 'failed',
        lease_token: null,
        last_error: errorText(error),
        updated_at: now,
      }),
    );
    this.statements++;
  }

  /** Re-arms a repeatable row at its next occurrence in the transaction that settles the run. */
  private async rearm(row: ScheduledCommandRow, token: string, error: unknown): Promise<void> {
    await this.settleOrMerge(row, token, this.rearmChanges(row, error));
  }

  /** The settle of a repeatable run: pending again at its next occurrence, counters moved on. */
  private rearmChanges(
    row: ScheduledCommandRow,
    error: unknown,
  ): Parameters<QueueStore['settle']>[3] & { run_at: string } {
    const nowMs = this.clock.now().getTime();
    const { nextMs, skipped } = nextOccurrence(row, msOf(row.scheduled_for), nowMs);
    const next = toIsoUtc(nextMs);
    if (skipped > 0) {
      this.logger.info(
        { command: row.command_type, skipped },
        'repeatable job ran once after downtime; skipped occurrences recorded',
      );
    }
    return {
      status: 'pending',
      run_at: next,
      scheduled_for: next,
      attempts: 0,
      lease_token: null,
      runs: row.runs + 1,
      skipped_runs: Number(row.skipped_runs) + skipped,
      failed_runs: row.failed_runs + (error === null ? 0 : 1),
      last_error: error === null ? row.last_error : errorText(error),
      last_run_at: toIsoUtc(nowMs),
      updated_at: toIsoUtc(nowMs),
    };
  }

  /**
   * Puts a held keyed row back to `pending`, unless another pending row took its key while it
   * ran (a re-registration or a wake-up): then that row already carries the intent, and this
   * one is removed, keeping the earlier instant.
   */
  private async settleOrMerge(
    row: ScheduledCommandRow,
    token: string,
    changes: Parameters<QueueStore['settle']>[3],
  ): Promise<void> {
    await this.uow.run(async (tx) => {
      const sibling =
        row.key === null ? undefined : await this.store.findPendingByKey(tx.db, row.key);
      if (sibling) {
        await this.store.deleteHeld(tx.db, row.id, token);
        const mine = changes.run_at;
        if (mine !== undefined && mine < sibling.run_at) {
          await this.store.updatePending(tx.db, sibling.id, { run_at: mine, scheduled_for: mine });
        }
      } else if (!(await this.store.settle(tx.db, row.id, token, changes))) {
        this.logger.warn(
          { id: row.id },
          'lost the lease before settling; another claimer owns the row',
        );
        return;
      }
      const runAt = changes.run_at;
      if (runAt !== undefined) {
        tx.afterCommit(() => this.armAt(msOf(runAt)));
      }
    });
    this.statements++;
  }
}

function toQueued(command: Command<unknown> | QueuedCommand): QueuedCommand {
  if ('type' in command && 'payload' in command && typeof command.type === 'string') {
    return command;
  }
  const type = (command.constructor as CommandClass).type;
  if (typeof type !== 'string') {
    throw new InvalidEnqueueOptionsError('command', 'has no static `type`');
  }
  return { type, payload: { ...command } };
}
