import { type Clock } from '../clock/clock';
import { type UnitOfWork } from '../database/unit-of-work';
import { msOf, toIsoUtc } from '../domain';
import { type Logger } from '../logger';
import { backoffDelay } from './backoff';
import { type QueueStore } from './queue-store';
import { type ScheduledCommandRow } from './queue.tables';
import {
  errorText,
  isRepeatable,
  type Rearm,
  rearmChanges,
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
    await this.rearm(row, token, null);
    return false;
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
      await this.rearm(row, token, error);
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

  /** The settle of a repeatable run at its next occurrence, logged when downtime was skipped. */
  rearmOf(row: ScheduledCommandRow, error: unknown): Rearm['changes'] {
    const { changes, skipped } = rearmChanges(row, error, this.clock.now().getTime());
    if (skipped > 0) {
      this.logger.info(
        { command: row.command_type, skipped },
        'repeatable job ran once after downtime; skipped occurrences recorded',
      );
    }
    return changes;
  }

  /** Re-arms a repeatable row at its next occurrence in the transaction that settles the run. */
  private async rearm(row: ScheduledCommandRow, token: string, error: unknown): Promise<void> {
    await this.settleOrMerge(row, token, this.rearmOf(row, error));
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
  }
}
