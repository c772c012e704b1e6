import { type Clock, type TimerHandle } from '../clock/clock';
import { type UnitOfWork } from '../database/unit-of-work';
import { toIsoUtc } from '../domain';
import { type Logger } from '../logger';
import { type QueueStore } from './queue-store';

/**
 * Keeps a batch's claim alive while its handlers run: every third of a lease it extends the
 * lease of everything held under the batch's token, so a long handler is never mistaken for
 * a dead one and a short lease never double-runs work.
 */
export class LeaseHeartbeat {
  constructor(
    private readonly store: QueueStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly leaseMs: number,
    private readonly logger: Logger,
  ) {}

  /** Starts beating for `token`; returns the function that stops it. */
  keepAlive(token: string): () => void {
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
}
