import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type Database,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ChannelSendRepository } from '../ports/channel-send.repository';
import { ListOperatorSends } from './list-operator-sends.command';
import { type OperatorSendView, toOperatorSendView } from './operator-send.view';

const DEFAULT_LIMIT = 50;

/** Handles `ListOperatorSends`: one bounded read, newest change first. */
@injectable()
export class ListOperatorSendsHandler implements CommandHandler<ListOperatorSends> {
  static readonly handles = ListOperatorSends;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: ChannelSendRepository,
  ) {}

  async execute(command: ListOperatorSends): Promise<{ items: OperatorSendView[] }> {
    const rows = await this.sends.forOperator(
      { db: this.database.kysely },
      {
        status: command.status,
        channel: command.channel,
        limit: command.limit ?? DEFAULT_LIMIT,
        now: toIsoUtc(this.clock.now()),
      },
    );
    return { items: rows.map(toOperatorSendView) };
  }
}
