import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type DueInstants } from '../ports/due-instants.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { CheckDueNotifications, type CheckDueResult } from './check-due-notifications.command';

/**
 * One indexed read of the next due instants (deliveries and channel sends), and each wake-up
 * moved there. Run as the minutely job inside the job's claim transaction (the unit of work
 * joins it): nothing due → the wake-ups wait at the next instants (only ever earlier);
 * something due → the wake-up that should have run it may have failed or been lost, so it is
 * asked for at that past instant and the queue runs the delivery (or the send loop) right after
 * this commit, in its own transactions. No network request is ever made under this transaction.
 */
@injectable()
export class CheckDueNotificationsHandler implements CommandHandler<CheckDueNotifications> {
  static readonly handles = CheckDueNotifications;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.DueInstants) private readonly due: DueInstants,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly sendsWakeUp: DeliveryWakeUp,
  ) {}

  execute(_command: CheckDueNotifications): Promise<CheckDueResult> {
    return this.uow.run(async (tx) => {
      const next = await this.due.next(tx);
      if (next.send !== undefined) {
        await this.sendsWakeUp.wakeAt(tx, next.send);
      }
      if (next.delivery === undefined) {
        return { nextDueAt: null, overdue: false };
      }
      await this.wakeUp.wakeAt(tx, next.delivery);
      return { nextDueAt: next.delivery, overdue: next.delivery <= toIsoUtc(this.clock.now()) };
    });
  }
}
