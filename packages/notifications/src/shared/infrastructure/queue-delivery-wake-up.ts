import {
  type Clock,
  CORE_TOKENS,
  type Database,
  type DurableCommandQueue,
  sqlDialectFor,
  toIsoUtc,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type DeliveryWakeUp } from '../application/ports/wake-up.port';

/** Queue key of the one deliver-due wake-up row. */
export const DELIVER_DUE_WAKE_UP_KEY = 'notifications.deliver-due:wake';

/** A committed pending wake-up this process knows about. */
interface KnownWakeUp {
  /** The pending row's run_at is at or before this instant (ISO UTC). */
  readonly notAfter: string;
  /** `pragma data_version` seen in the transaction that wrote it. */
  readonly dataVersion: number;
}

/**
 * A wake-up on the kernel queue: one keyed row (running one command) that only ever moves earlier
 * (`keep-earlier`). It commits with the caller's transaction; the queue arms its timer after
 * the commit (write first, arm second).
 *
 * The upsert is skipped when it could not move the row: most scheduled sends fall due after
 * the pending wake-up, and the upsert doubled SQLite's share of a `SendNotification`. The
 * adapter remembers (a) within one transaction, the earliest instant it already wrote there,
 * and (b) across transactions, the instant of the last committed write together with
 * SQLite's `data_version` at that moment. (b) is trusted only while `data_version` is
 * unchanged (no other connection or process has committed since: nobody else can have
 * claimed or moved the row), until this process's queue claims the row (a deliver-due run
 * starts: the row is no longer pending), and only for instants still to come: an instant
 * already past means a run is owed now, and the row that should have made it may have failed
 * or been lost, so it is written whatever (b) says. On PostgreSQL there is no such counter, so
 * only (a) applies.
 */
export class KeyedQueueWakeUp implements DeliveryWakeUp {
  private readonly inTransaction = new WeakMap<Transaction, string>();
  private known: KnownWakeUp | undefined;
  /** Bumped whenever the queue claims the row: a write that began before must not set `known`. */
  private generation = 0;
  /** PostgreSQL: every daemon on the database LISTENs for the row's NOTIFY. */
  readonly heardByOtherProcesses: boolean;

  constructor(
    private readonly queue: DurableCommandQueue,
    private readonly database: Database,
    private readonly clock: Clock,
    /** The row's key and the command it runs. */
    private readonly key: string,
    private readonly commandType: string,
  ) {
    queue.onClaimed(key, () => this.forget());
    this.heardByOtherProcesses = sqlDialectFor(database.dialect).notifiesOtherProcesses;
  }

  async wakeAt(tx: Transaction, at: string, options?: { readonly share?: boolean }): Promise<void> {
    let notAfter = this.inTransaction.get(tx);
    if (notAfter === undefined) {
      notAfter = this.firstTouch(tx, at);
    }
    if (notAfter !== undefined && notAfter <= at) {
      return;
    }
    await this.queue.enqueue(
      { type: this.commandType, payload: {} },
      {
        runAt: at,
        key: this.key,
        onKeyConflict: 'keep-earlier',
        ...(options?.share === true ? { wakeOthers: true } : {}),
      },
      tx,
    );
    const before = this.inTransaction.get(tx);
    this.inTransaction.set(tx, before !== undefined && before < at ? before : at);
  }

  /**
   * First wake-up of a transaction: what is known of the pending row, if still trustworthy
   * for `at`, and a hook that records what this transaction leaves behind once it commits.
   */
  private firstTouch(tx: Transaction, at: string): string | undefined {
    // Read synchronously on the connection the transaction runs on (changes whenever another
    // connection or process commits to the SQLite file); absent on PostgreSQL. Through kysely
    // it was an executor round trip per grouped send.
    const dataVersion = this.database.dataVersion?.();
    if (dataVersion === undefined) {
      return undefined;
    }
    const generation = this.generation;
    tx.afterCommit(() => {
      const notAfter = this.inTransaction.get(tx);
      if (generation === this.generation && notAfter !== undefined) {
        // Our own commit leaves data_version unchanged: it is still the value read above.
        this.known = { notAfter, dataVersion };
      }
    });
    const known = this.known;
    if (
      known === undefined ||
      known.dataVersion !== dataVersion ||
      at <= toIsoUtc(this.clock.now())
    ) {
      return undefined;
    }
    this.inTransaction.set(tx, known.notAfter);
    return known.notAfter;
  }

  /** The queue claimed the row: it is no longer pending, so what is known of it is stale. */
  private forget(): void {
    this.known = undefined;
    this.generation++;
  }
}

/** The deliver-due wake-up (`notifications.deliver-due:wake`). */
@injectable()
export class QueueDeliveryWakeUp extends KeyedQueueWakeUp {
  constructor(
    @inject(CORE_TOKENS.CommandQueue) queue: DurableCommandQueue,
    @inject(CORE_TOKENS.Database) database: Database,
    @inject(CORE_TOKENS.Clock) clock: Clock,
  ) {
    super(queue, database, clock, DELIVER_DUE_WAKE_UP_KEY, 'notifications.deliver-due');
  }
}
