import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type DueInstants } from '../../../delivery/application/ports/due-instants.port';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { GetQueueInstants, type QueueInstantsView } from './get-queue-instants.command';

/** Handles `GetQueueInstants`: the safety net's own one-statement read, shown as it is. */
@injectable()
export class GetQueueInstantsHandler implements CommandHandler<GetQueueInstants> {
  static readonly handles = GetQueueInstants;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.DueInstants) private readonly due: DueInstants,
  ) {}

  async execute(_command: GetQueueInstants): Promise<QueueInstantsView> {
    const next = await this.due.next({ db: this.database.kysely });
    return { nextDeliveryAt: next.delivery ?? null, nextSendAt: next.send ?? null };
  }
}
