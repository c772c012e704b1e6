import { type Listening, type WakeUpChannel } from '../database/database';
import { type Transaction } from '../database/unit-of-work';
import { isIsoUtc, msOf } from '../domain';
import { type Logger } from '../logger';
import { type QueueStore } from './queue-store';

/** What a listening queue does with what other processes announce. */
export interface WakeUpListener {
  /** Another process committed a row due at `atMs`: arm for it (earlier only). */
  armAt(atMs: number): void;
  /** Something may have been missed (a re-opened connection, an unknown payload): look now. */
  lookNow(): void;
}

/**
 * PostgreSQL LISTEN/NOTIFY between queues sharing one database. A writer announces a row's
 * instant inside its transaction (delivered on commit only: write first, arm second); every
 * listening queue arms its one timer for it. Absent channel (SQLite): both sides are no-ops and
 * the safety sweep finds other processes' rows.
 */
export class CrossProcessWakeUps {
  /** Earliest instant already announced, per open transaction. */
  private readonly announced = new WeakMap<Transaction, string>();
  /** The LISTEN connection while listening; a promise while it is being opened. */
  private listening: Promise<Listening | undefined> | undefined;

  constructor(
    private readonly channel: WakeUpChannel | undefined,
    private readonly store: QueueStore,
    private readonly logger: Logger,
  ) {}

  /**
   * Starts listening on a dedicated connection. The payload is a row's run_at, armed like a
   * local enqueue; a re-opened connection may have missed some, so it asks for a full look.
   */
  listen(listener: WakeUpListener): void {
    if (!this.channel) {
      return;
    }
    this.listening = this.channel
      .listen((payload) => {
        if (payload !== undefined && isIsoUtc(payload)) {
          listener.armAt(msOf(payload));
        } else {
          listener.lookNow();
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

  /** Resolves once the LISTEN opened by {@link listen} is active (or failed). */
  async ready(): Promise<void> {
    await this.listening;
  }

  /** Stops listening; the returned promise resolves once the connection is closed. */
  close(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    return listening?.then((l) => l?.close()) ?? Promise.resolve();
  }

  /**
   * NOTIFY in the writer's transaction that a row is due at `runAt`. One per transaction
   * unless a later write is earlier still.
   */
  async announce(tx: Transaction, runAt: string): Promise<void> {
    const name = this.channel?.channel;
    if (name === undefined) {
      return;
    }
    const already = this.announced.get(tx);
    if (already !== undefined && already <= runAt) {
      return;
    }
    await this.store.notifyWakeUp(tx.db, name, runAt);
    this.announced.set(tx, runAt);
  }
}
