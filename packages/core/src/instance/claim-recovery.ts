import { type Kysely } from 'kysely';
import { type Clock } from '../clock/clock';
import { type UnitOfWork } from '../database/unit-of-work';
import { toIsoUtc } from '../domain';
import { type Logger } from '../logger';
import { type ClaimedRows } from './claimed-rows';
import { type InstanceLock } from './instance-lock';

/**
 * Finds claims whose instance no longer holds its lock and makes them recoverable now, in
 * every table that has claims; and, at stop, does the same for this instance's own. One
 * transaction per pass, so a dead instance's queue rows and deliveries are freed together.
 */
export class ClaimRecovery {
  private readonly sources: ClaimedRows[] = [];

  constructor(
    private readonly lock: InstanceLock,
    private readonly uow: UnitOfWork,
    private readonly db: Kysely<unknown>,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Adds a table whose claims this recovery looks after. */
  add(source: ClaimedRows): void {
    this.sources.push(source);
  }

  /** True while a registered source works on claims outside the queue's cycle. */
  working(): boolean {
    return this.sources.some((source) => source.working?.() === true);
  }

  /**
   * Reads who holds claims (one indexed statement per table), asks the lock which of them are
   * dead, and ends their claims' leases now. Returns how many claims were freed.
   */
  async recoverDead(): Promise<number> {
    const holders = new Set<string>();
    for (const source of this.sources) {
      for (const holder of await source.holders(this.db)) {
        if (holder !== this.lock.id) {
          holders.add(holder);
        }
      }
    }
    if (holders.size === 0) {
      return 0;
    }
    const dead = await this.lock.deadAmong([...holders]);
    if (dead.length === 0) {
      return 0;
    }
    const freed = await this.expire(dead);
    this.logger.warn(
      { instances: dead, claims: freed },
      'took over the claims of instances that ended without releasing them',
    );
    await this.lock.forget(dead);
    return freed;
  }

  /** Waits (up to `deadlineMs` each) for work in flight on claims outside the queue (stop). */
  async drain(deadlineMs: number): Promise<void> {
    await Promise.all(
      this.sources.map((source) => source.drain?.(deadlineMs) ?? Promise.resolve()),
    );
  }

  /** Ends the leases of everything this instance still holds (stop, after the deadline). */
  async releaseOwn(): Promise<number> {
    const released = await this.expire([this.lock.id]);
    if (released > 0) {
      this.logger.warn({ released }, 'released the claims still held at the stop deadline');
    }
    return released;
  }

  private expire(instances: readonly string[]): Promise<number> {
    return this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      let count = 0;
      for (const source of this.sources) {
        count += await source.expireClaimsOf(tx, instances, now);
      }
      return count;
    });
  }
}
