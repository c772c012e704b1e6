import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type RetentionStore } from '../ports/retention-store.port';
import { PruneExpired, type PruneExpiredResult } from './prune-expired.command';

/** Deliveries (and log entries) one batch removes: one short transaction. */
export const PRUNE_BATCH_SIZE = 1_000;
/** Batches one run takes at most; what is left is the next run's (hourly). */
export const PRUNE_MAX_BATCHES = 200;
/** Free pages given back per transaction (4 KiB each: 1 MiB), so the write lock is held briefly. */
const VACUUM_PAGES_PER_STEP = 256;
/** Steps of the vacuum one run takes at most (16 MiB); the rest is the next run's. */
const VACUUM_MAX_STEPS = 16;

/**
 * The retention job: batch after batch, each its own transaction (the write lock is held for
 * one batch at a time, so deliveries interleave), until a batch finds nothing or the run's cap;
 * then the file's free pages are given back.
 */
@injectable()
export class PruneExpiredHandler implements CommandHandler<PruneExpired> {
  static readonly handles = PruneExpired;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
    @inject(NOTIFICATIONS_TOKENS.RetentionStore) private readonly store: RetentionStore,
  ) {}

  async execute(_command: PruneExpired): Promise<PruneExpiredResult> {
    const cutoff = toIsoUtc(this.clock.now().getTime() - this.options.retentionMs);
    const total = { deliveries: 0, inboxItems: 0, channelSends: 0, logEntries: 0 };
    let more = true;
    for (let batch = 0; batch < PRUNE_MAX_BATCHES && more; batch++) {
      const pruned = await this.uow.run((tx) =>
        this.store.pruneBatch(tx, cutoff, PRUNE_BATCH_SIZE),
      );
      total.deliveries += pruned.deliveries;
      total.inboxItems += pruned.inboxItems;
      total.channelSends += pruned.channelSends;
      total.logEntries += pruned.logEntries;
      more = pruned.deliveries === PRUNE_BATCH_SIZE || pruned.logEntries === PRUNE_BATCH_SIZE;
    }
    if (total.deliveries + total.logEntries > 0) {
      for (let step = 0; step < VACUUM_MAX_STEPS; step++) {
        const given = await this.uow.run((tx) =>
          this.store.giveBackSpace(tx, VACUUM_PAGES_PER_STEP),
        );
        if (given < VACUUM_PAGES_PER_STEP) {
          break;
        }
      }
    }
    return { ...total, more };
  }
}
