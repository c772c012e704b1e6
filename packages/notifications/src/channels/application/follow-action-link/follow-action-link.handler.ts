import {
  type Clock,
  type CommandBus,
  type CommandHandler,
  CORE_TOKENS,
  type Database,
  toIsoUtc,
} from '@tickler/core';
import { InvalidArgumentError } from '@tickler/core/domain';
import { inject, injectable } from 'inversify';
import { MarkInboxRead } from '../../../delivery/application/mark-inbox-read/mark-inbox-read.command';
import { type InboxRepository } from '../../../delivery/application/ports/inbox.repository';
import { SnoozeInboxItem } from '../../../delivery/application/snooze-inbox-item/snooze-inbox-item.command';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { ActionLinkNotFoundError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { readActionLink } from '../action-links/action-link-token';
import { type ActionLinkKeySource } from '../ports/action-link-key.port';
import { type ActionLinkOutcome, FollowActionLink } from './follow-action-link.command';

/** How long the Snooze button puts a reminder off (its label says so). */
export const ACTION_SNOOZE_FOR = '10m';

/**
 * Handles `FollowActionLink`: checks the token's signature and expiry, then runs the person's own
 * use case (`MarkInboxRead`, `SnoozeInboxItem` for 10 minutes) as if they had pressed the
 * button in the page. A Snooze on an item already read (snoozed, or dealt with elsewhere) makes
 * no second reminder: a button pressed twice, or a link replayed, snoozes once, also when the
 * presses arrive together (the item is marked read, if unread, in the snooze's transaction).
 * The page's own Snooze keeps snoozing a read item again: that is a person asking, not a replay.
 */
@injectable()
export class FollowActionLinkHandler implements CommandHandler<FollowActionLink> {
  static readonly handles = FollowActionLink;

  constructor(
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(CORE_TOKENS.CommandBus) private readonly bus: CommandBus,
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
    @inject(NOTIFICATIONS_TOKENS.ActionLinkKey) private readonly keys: ActionLinkKeySource,
  ) {}

  async execute(command: FollowActionLink): Promise<ActionLinkOutcome> {
    const key = await this.keys.current();
    const grant = readActionLink(key, command.token, Math.floor(this.clock.now().getTime() / 1000));
    if (grant === 'malformed') {
      throw new InvalidArgumentError('token', 'is not an action link token');
    }
    if (grant === 'forged' || grant === 'expired') {
      throw new ActionLinkNotFoundError();
    }
    const { recipientId, inboxId, action } = grant;
    const item = await this.inbox.find({ db: this.database.kysely }, recipientId, inboxId);
    if (item === undefined) {
      // Pruned by retention, or its person deleted: the link leads nowhere any more.
      throw new ActionLinkNotFoundError();
    }
    if (action === 'done') {
      await this.bus.dispatch(Object.assign(new MarkInboxRead(), { recipientId, inboxId }));
      return { action, inboxId, applied: item.readAt === null };
    }
    if (item.readAt !== null) {
      // A replay: an item is never unread again, so this answer needs no write transaction.
      return { action, inboxId, applied: false };
    }
    return this.uow.run(async (tx) => {
      // The press claims the item by marking it read, conditionally, before the snooze: of two
      // presses at once only one changes the row (PostgreSQL holds the second UPDATE on the
      // row's lock until the first commits, then finds it read), so only one makes a reminder.
      // The item read above cannot decide that alone: both presses may have seen it unread.
      const now = toIsoUtc(this.clock.now());
      if (!(await this.inbox.markRead(tx, recipientId, inboxId, now))) {
        return { action, inboxId, applied: false };
      }
      // Joins this transaction: the reminder and the read commit, or roll back, together.
      const reminder = await this.bus.dispatch(
        Object.assign(new SnoozeInboxItem(), { recipientId, inboxId, for: ACTION_SNOOZE_FOR }),
      );
      return {
        action,
        inboxId,
        applied: true,
        notificationId: reminder.id,
        ...(reminder.scheduledAt === null ? {} : { scheduledAt: reminder.scheduledAt }),
      };
    });
  }
}
