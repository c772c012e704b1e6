import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { RecipientProfile } from '../../domain/recipient-profile.entity';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type RecipientProfileRepository } from '../ports/recipient-profile.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type RecipientProfileView, toRecipientProfileView } from '../recipient-profile.view';
import { UpdateRecipientProfile } from './update-recipient-profile.command';

/**
 * Handles `UpdateRecipientProfile`: load (locked) or start from the defaults, apply the change
 * (the aggregate validates each field), save when something changed, one event out.
 */
@injectable()
export class UpdateRecipientProfileHandler implements CommandHandler<UpdateRecipientProfile> {
  static readonly handles = UpdateRecipientProfile;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.RecipientProfileRepository)
    private readonly profiles: RecipientProfileRepository,
  ) {}

  execute(command: UpdateRecipientProfile): Promise<RecipientProfileView> {
    return this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      const stored = await this.profiles.find(tx, command.recipientId, { forUpdate: true });
      const profile = stored ?? RecipientProfile.blank(command.recipientId, now);
      const changed = profile.update(
        {
          timeZone: command.timeZone,
          quietHours: command.quietHours,
          inboxOnTime: command.inboxOnTime,
          defaultLead: command.defaultLead,
          digest: command.digest,
        },
        now,
        this.ids.next(),
      );
      if (changed.length > 0) {
        await this.profiles.save(tx, profile);
        tx.recordEvents(profile.pullEvents());
      }
      return toRecipientProfileView(profile.snapshot(), stored !== undefined || changed.length > 0);
    });
  }
}
