import { type Kysely } from 'kysely';
import { type Listening, type WakeUpChannel } from '../database/database';
import { type Transaction } from '../database/unit-of-work';
import { isIsoUtc, msOf, toIsoUtc } from '../domain';
import { type Logger } from '../logger';
import { type QueueStore } from './queue-store';

/** What a listening queue does with what other processes announce. */
export interface WakeUpListener {
  /** Another process committed a row due at `atMs`: arm for it (earlier only). */
  armAt(atMs: number): void;
  /** Something may have been missed (a re-opened connection, an unknown payload): look now. */
  lookNow(): void;
}

/** How many instants the whole cluster was told about are remembered (hand-offs skip them). */
const TOLD_KEPT = 16;

/**
 * PostgreSQL LISTEN/NOTIFY between queues sharing one database. A writer announces a row's
 * instant inside its transaction (delivered on commit only: write first, arm second); every
 * listening queue arms its one timer for it. Absent channel (SQLite): both sides are no-ops and
 * the safety sweep finds other processes' rows.
 *
 * A NOTIFY arms every listening queue, and all but one of them then claim nothing (issue 28: 59 %
 * of claims were empty with four daemons). So a writer announces only what its own queue will
 * not run (`othersMustHear`: its queue is not running), or work it asks others to share
 * (`wakeOthers`); the rest it runs itself, and if it dies first, the other instances'
 * watchdogs notice and look at the table. A row that falls due while this queue stays busy
 * is handed off then ({@link handOff}).
 */
export class CrossProcessWakeUps {
  /** Earliest instant already announced, per open transaction. */
  private readonly announced = new WeakMap<Transaction, string>();
  /** The LISTEN connection while listening; a promise while it is being opened. */
  private listening: Promise<Listening | undefined> | undefined;
  /** Instants (epoch ms) every listener was told about, announced here or heard: newest last. */
  private readonly told: number[] = [];

  constructor(
    private readonly channel: WakeUpChannel | undefined,
    private readonly store: QueueStore,
    private readonly logger: Logger,
    /** True when every row must be announced: this queue will not run them (not running). */
    private readonly othersMustHear: () => boolean = () => true,
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
          this.remember(msOf(payload));
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
   * NOTIFY in the writer's transaction that a row is due at `runAt`, unless this queue runs it
   * itself (`othersMustHear`) and `wakeOthers` does not ask for help. One per transaction
   * unless a later write is earlier still.
   */
  async announce(tx: Transaction, runAt: string, wakeOthers = false): Promise<void> {
    const name = this.channel?.channel;
    if (name === undefined || (!wakeOthers && !this.othersMustHear())) {
      return;
    }
    const already = this.announced.get(tx);
    if (already !== undefined && already <= runAt) {
      return;
    }
    await this.store.notifyWakeUp(tx.db, name, runAt);
    this.announced.set(tx, runAt);
    this.remember(msOf(runAt));
  }

  /**
   * This queue's timer fired for `atMs` and the queue stayed busy: tell the others (outside any
   * transaction: the row is committed) so an idle one claims it now. Skipped when every
   * listener already heard of that very instant (a row announced with `wakeOthers`).
   */
  handOff(db: Kysely<unknown>, atMs: number): void {
    const name = this.channel?.channel;
    if (name === undefined || this.listening === undefined || this.told.includes(atMs)) {
      return;
    }
    this.remember(atMs);
    this.store.notifyWakeUp(db, name, toIsoUtc(atMs)).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'cannot hand a due row off to the other instances');
    });
  }

  private remember(atMs: number): void {
    this.told.push(atMs);
    if (this.told.length > TOLD_KEPT) {
      this.told.shift();
    }
  }
}
