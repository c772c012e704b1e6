import { type Clock } from '../clock/clock';
import { type IdGenerator } from '../clock/id-generator';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { msOf, toIsoUtc } from '../domain';
import { type Logger } from '../logger';
import { type LeaseHeartbeat } from './lease-heartbeat';
import { type QueueExecutor } from './queue-options';
import { type QueueStore } from './queue-store';
import { type ScheduledCommandRow } from './queue.tables';
import { isRepeatable, isSkippedAsTooLate } from './repeat-rearm';
import { type RowSettler } from './row-settler';

/** One claim transaction's outcome. */
interface Claimed {
  /** Rows the claim took (including any run inside it). */
  readonly claimed: number;
  /** Rows left to run after the claim committed. */
  readonly rows: ScheduledCommandRow[];
  readonly token: string;
}

/** Sizes and the lease of a batch. */
export interface BatchLimits {
  /** Rows claimed per statement. */
  readonly batchSize: number;
  /** Handlers run at once within a batch. */
  readonly concurrency: number;
  /** How long a claim is exclusive, in ms. */
  readonly leaseMs: number;
}

/**
 * Claims a batch of due rows (compare-and-swap to `running` under one token and a lease) and
 * runs it: a bounded number of handlers at once, a heartbeat keeping the lease ahead, one
 * statement deleting the finished one-shot rows, the rest settled by the {@link RowSettler}.
 * Rows registered with {@link runInClaimTransaction} run and re-arm inside the claim itself.
 */
export class BatchRunner {
  /** Tokens of batches this process holds (released on stop). */
  readonly held = new Set<string>();
  /** Keys of repeatable rows run, claimed and re-armed in ONE transaction. */
  private readonly inClaimTransaction = new Set<string>();
  /** Who wants to know when this process claims the row under a key. */
  private readonly claimListeners = new Map<string, (() => void)[]>();
  /** Called once a claim committed and its rows are about to run (see {@link beforeRunning}). */
  private runningListener: () => void = () => undefined;

  constructor(
    private readonly store: QueueStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    /** The instance whose claims these are (`claimed_by`). */
    private readonly instanceId: string,
    private readonly limits: BatchLimits,
    private readonly heartbeat: LeaseHeartbeat,
    private readonly settler: RowSettler,
    private readonly execute: QueueExecutor,
    /** True once the queue is stopping: no new handler starts. */
    private readonly stopping: () => boolean,
    /** Arms the queue's timer for a committed instant (after commit only). */
    private readonly armAt: (atMs: number) => void,
    private readonly logger: Logger,
  ) {}

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

  /** See `DurableCommandQueue.onClaimed`. */
  onClaimed(key: string, listener: () => void): void {
    this.claimListeners.set(key, [...(this.claimListeners.get(key) ?? []), listener]);
  }

  /**
   * Calls `listener` after each claim that left rows to run, before they run: the queue looks
   * at what falls due while its handlers are busy.
   */
  beforeRunning(listener: () => void): void {
    this.runningListener = listener;
  }

  /** Claims and runs one batch; returns how many rows it claimed. */
  async runBatch(): Promise<number> {
    const { claimed, rows, token } = await this.claim();
    if (rows.length === 0) {
      return claimed;
    }
    this.runningListener();
    this.held.add(token);
    const stopBeating = this.heartbeat.keepAlive(token);
    try {
      const done: string[] = [];
      let index = 0;
      const worker = async (): Promise<void> => {
        while (index < rows.length && !this.stopping()) {
          const row = rows[index++];
          if (row && (await this.runRow(row, token))) {
            done.push(row.id);
          }
        }
      };
      await Promise.all(
        Array.from({ length: Math.min(this.limits.concurrency, rows.length) }, worker),
      );
      if (done.length > 0) {
        const completed = await this.uow.run((tx) => this.store.complete(tx.db, token, done));
        if (completed !== done.length) {
          this.logger.warn(
            { expected: done.length, completed },
            'lost the lease on some rows before completing them',
          );
        }
      }
    } finally {
      stopBeating();
      if (!this.stopping()) {
        this.held.delete(token);
      }
    }
    return claimed;
  }

  /**
   * One claim transaction. Rows registered with {@link runInClaimTransaction} run and re-arm
   * inside it; `rows` are the ones left to run after commit.
   */
  private async claim(): Promise<Claimed> {
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

  private async claimOnce(runEligible: boolean): Promise<Claimed> {
    const nowMs = this.clock.now().getTime();
    const token = this.ids.next();
    return this.uow.run(async (tx) => {
      const all = await this.store.claim(
        tx.db,
        toIsoUtc(nowMs),
        toIsoUtc(nowMs + this.limits.leaseMs),
        token,
        this.limits.batchSize,
        this.instanceId,
      );
      this.announceClaimed(all);
      return {
        claimed: all.length,
        rows: runEligible ? await this.runEligibleInClaim(tx, all, token) : all,
        token,
      };
    });
  }

  private announceClaimed(rows: readonly ScheduledCommandRow[]): void {
    if (this.claimListeners.size === 0) {
      return;
    }
    for (const row of rows) {
      const listeners = row.key === null ? undefined : this.claimListeners.get(row.key);
      listeners?.forEach((listener) => listener());
    }
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
        isRepeatable(row);
      if (!eligible) {
        later.push(row);
        continue;
      }
      const tooLate = isSkippedAsTooLate(row, this.clock.now().getTime());
      if (!tooLate) {
        await this.execute(row.command_type, JSON.parse(row.payload) as unknown);
      }
      const { changes, ledger } = this.settler.rearmOf(
        row,
        tooLate ? { ran: false } : { ran: true, error: null },
      );
      if (!(await this.store.rearm(tx.db, row.id, token, changes))) {
        throw new Error(`job row ${row.id} changed under its own claim transaction`);
      }
      await this.settler.record(tx.db, row, ledger);
      const runAt = changes.run_at;
      tx.afterCommit(() => this.armAt(msOf(runAt)));
    }
    return later;
  }

  /**
   * Runs one claimed row. Returns true when it is a finished one-shot row to delete in the
   * batch's completion statement; everything else is settled here.
   */
  private async runRow(row: ScheduledCommandRow, token: string): Promise<boolean> {
    if (row.attempts > row.max_attempts) {
      // Its last allowed claim was abandoned (the process died holding it).
      await this.settler.fail(
        row,
        token,
        new Error(`abandoned: lease expired on attempt ${row.max_attempts}`),
      );
      return false;
    }
    if (isSkippedAsTooLate(row, this.clock.now().getTime())) {
      await this.settler.skippedAsTooLate(row, token);
      return false;
    }
    let outcome: { ok: true } | { ok: false; error: unknown };
    try {
      await this.execute(row.command_type, JSON.parse(row.payload) as unknown);
      outcome = { ok: true };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (outcome.ok) {
      return this.settler.succeeded(row, token);
    }
    await this.settler.threw(row, token, outcome.error);
    return false;
  }
}
