import { type Clock } from '../clock/clock';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { msOf, toIsoUtc } from '../domain';
import { type Logger } from '../logger';
import { backoffDelay } from './backoff';
import { type QueueStore } from './queue-store';
import { type ScheduledCommandRow } from './queue.tables';
import { type OccurrenceEntry, recordOccurrences } from './job-occurrences';
import {
  errorText,
  isRepeatable,
  type Rearm,
  rearmChanges,
  type RunOutcome,
  type SettleChanges,
} from './repeat-rearm';

/**
 * What happens to a claimed row after its run: success, retry with backoff, `failed`, or the
 * next occurrence of a repeatable. Every write names the claim (`status = 'running' AND
 * lease_token = ?`) and checks the count, so a process that lost its lease changes nothing.
 */
export class RowSettler {
  constructor(
    private readonly store: QueueStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Arms the queue's timer for a committed instant (after commit only). */
    private readonly armAt: (atMs: number) => void,
    /** Tells whether a failure can never succeed on retry. */
    private readonly isPermanent: (error: unknown) => boolean,
  ) {}

  /**
   * The run succeeded. Returns true for a one-shot row, which the batch deletes in one
   * statement with the others; a repeatable is re-armed here.
   */
  async succeeded(row: ScheduledCommandRow, token: string): Promise<boolean> {
    if (!isRepeatable(row)) {
      return true;
    }
    await this.rearm(row, token, { ran: true, error: null });
    return false;
  }

  /**
   * A repeatable with `onMissed: 'skip'` reached past its grace: not run; recorded skipped
   * (`too-late`) with the occurrences in between, and re-armed at the next future one.
   */
  async skippedAsTooLate(row: ScheduledCommandRow, token: string): Promise<void> {
    await this.rearm(row, token, { ran: false });
  }

  /** The run threw: retry after the backoff while attempts remain, otherwise give up. */
  async threw(row: ScheduledCommandRow, token: string, error: unknown): Promise<void> {
    this.logger.warn(
      { err: error, command: row.command_type, attempt: row.attempts },
      'queued command failed',
    );
    if (row.attempts < row.max_attempts && !this.isPermanent(error)) {
      const nowMs = this.clock.now().getTime();
      const retryAt = toIsoUtc(
        nowMs + backoffDelay(row.attempts, row.backoff_base_ms, row.backoff_max_ms),
      );
      await this.settleOrMerge(row, token, {
        status: 'pending',
        run_at: retryAt,
        lease_token: null,
        claimed_by: null,
        last_error: errorText(error),
        updated_at: toIsoUtc(nowMs),
      });
      return;
    }
    await this.fail(row, token, error);
  }

  /** Gives up on the run: `failed` with its error kept, or the next occurrence of a repeatable. */
  async fail(row: ScheduledCommandRow, token: string, error: unknown): Promise<void> {
    if (isRepeatable(row)) {
      // A repeatable job never dies of one bad run: record it and move to the next occurrence.
      await this.rearm(row, token, { ran: true, error });
      return;
    }
    const now = toIsoUtc(this.clock.now());
    await this.uow.run((tx) =>
      this.store.settle(tx.db, row.id, token, {
        status: 'failed',
        lease_token: null,
        claimed_by: null,
        last_error: errorText(error),
        updated_at: now,
      }),
    );
  }

  /**
   * The settle of a repeatable occurrence at its next one, with its ledger entries; logged when
   * downtime was skipped.
   */
  rearmOf(row: ScheduledCommandRow, outcome: RunOutcome): Rearm {
    const rearm = rearmChanges(row, outcome, this.clock.now().getTime());
    if (rearm.skipped > 0 || !outcome.ran) {
      this.logger.info(
        { command: row.command_type, skipped: rearm.skipped, ran: outcome.ran },
        outcome.ran
          ? 'repeatable job ran once after downtime; skipped occurrences recorded'
          : 'repeatable job past its grace skipped (onMissed: skip); recorded',
      );
    }
    return rearm;
  }

  /** Writes a settle's ledger entries in the settling transaction `db`. */
  async record(
    db: Transaction['db'],
    row: ScheduledCommandRow,
    ledger: readonly OccurrenceEntry[],
  ) {
    await recordOccurrences(
      db,
      row.key ?? row.id,
      ledger,
      toIsoUtc(this.clock.now()),
      row.runs + row.skipped_runs + row.failed_runs,
    );
  }

  /** Re-arms a repeatable row at its next occurrence in the transaction that settles the run. */
  private async rearm(row: ScheduledCommandRow, token: string, outcome: RunOutcome): Promise<void> {
    const { changes, ledger } = this.rearmOf(row, outcome);
    await this.settleOrMerge(row, token, changes, ledger);
  }

  /**
   * Puts a held keyed row back to `pending`, unless another pending row took its key while it
   * ran (a re-registration or a wake-up): then that row already carries the intent, and this
   * one is removed, keeping the earlier instant.
   */
  private async settleOrMerge(
    row: ScheduledCommandRow,
    token: string,
    changes: SettleChanges,
    ledger: readonly OccurrenceEntry[] = [],
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
      await this.record(tx.db, row, ledger);
      const runAt = changes.run_at;
      if (runAt !== undefined) {
        tx.afterCommit(() => this.armAt(msOf(runAt)));
      }
    });
  }
}
