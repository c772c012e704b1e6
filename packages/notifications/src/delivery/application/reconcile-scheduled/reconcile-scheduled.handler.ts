import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NotificationConcurrentUpdateError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ReconcileResult } from '../../../shared/application/notification.view';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { type WithdrawalRepository } from '../ports/withdrawal.repository';
import { normalisePlan } from './normalise-plan';
import { applyToLoaded, planReconcile } from './plan-reconcile';
import { DEFAULT_PRUNE_AFTER_DAYS, ReconcileScheduled } from './reconcile-scheduled.command';

const DAY_MS = 86_400_000;

/**
 * Makes a producer app's deliveries match its plan in ONE transaction, set-based: one indexed
 * read of the app's rows, the decisions in the aggregates (`create`, `reschedule`, `cancel`),
 * then multi-row INSERTs, grouped status-guarded UPDATEs and a guarded DELETE. New and moved
 * rows pull the single deliver-due wake-up earlier in the same transaction, as
 * `SendNotification` does; events are recorded for publication after commit.
 */
@injectable()
export class ReconcileScheduledHandler implements CommandHandler<ReconcileScheduled> {
  static readonly handles = ReconcileScheduled;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
    @inject(SERIES_TOKENS.Withdrawals) private readonly withdrawals: WithdrawalRepository,
  ) {}

  execute(command: ReconcileScheduled): Promise<ReconcileResult> {
    const pruneAfterDays = command.pruneAfterDays ?? DEFAULT_PRUNE_AFTER_DAYS;
    return this.uow.run(async (tx) => {
      const entries = normalisePlan(command.planned);
      const nowMs = this.clock.now().getTime();
      const now = toIsoUtc(nowMs);
      const existing = await this.deliveries.findBySourceApp(tx, command.sourceApp);
      const withdrawnBefore = await this.withdrawals.among(
        tx,
        existing.filter((r) => r.status === 'canceled').map((r) => r.id),
      );
      const plan = planReconcile(existing, entries, {
        withdrawn: withdrawnBefore,
        sourceApp: command.sourceApp,
        now,
        pruneBefore: toIsoUtc(Math.max(0, nowMs - pruneAfterDays * DAY_MS)),
        due: this.options.due,
        nextId: () => this.ids.next(),
      });

      const toChange = [...plan.patches.keys(), ...plan.withdrawIds];
      const loaded = await this.deliveries.findByIds(tx, toChange);
      const { patched, withdrawn } = applyToLoaded(loaded, plan, now);
      const changed = [...patched, ...withdrawn];

      // A withdrawn key planned again: its tombstone gives way to the new row (unique source key).
      if ((await this.deliveries.deleteSettled(tx, plan.replaceIds)) !== plan.replaceIds.length) {
        throw new NotificationConcurrentUpdateError(plan.replaceIds.length, 0);
      }
      await this.deliveries.insertMany(tx, plan.creates);
      const updated = await this.deliveries.saveMany(tx, changed);
      if (loaded.length !== toChange.length || updated.size !== toChange.length) {
        // Another writer changed some of these rows since they were read (possible only with a
        // writer outside this unit of work): roll everything back; a retry reads the new state.
        throw new NotificationConcurrentUpdateError(toChange.length, updated.size);
      }
      const pruned = await this.deliveries.deleteSettled(tx, plan.pruneIds);
      await this.withdrawals.forget(tx, [...plan.replaceIds, ...plan.pruneIds]);
      await this.withdrawals.mark(
        tx,
        withdrawn.map(({ delivery }) => delivery.id),
        now,
      );

      let earliest: string | undefined;
      for (const { delivery } of patched) {
        earliest = earlier(earliest, delivery.dueAt);
      }
      for (const delivery of plan.creates) {
        earliest = earlier(earliest, delivery.dueAt);
      }
      if (earliest !== undefined) {
        await this.wakeUp.wakeAt(tx, earliest);
      }
      for (const delivery of plan.creates) {
        tx.recordEvents(delivery.pullEvents());
      }
      for (const { delivery } of changed) {
        tx.recordEvents(delivery.pullEvents());
      }
      return { ...plan.counts, withdrawn: withdrawn.length, pruned };
    });
  }
}

function earlier(a: string | undefined, b: string | null): string | undefined {
  return b !== null && (a === undefined || b < a) ? b : a;
}
