import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { RecipientProfile } from '../../domain/recipient-profile.entity';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type RecipientProfileRepository } from '../ports/recipient-profile.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type RecipientProfileView, toRecipientProfileView } from '../recipient-profile.view';
import { GetRecipientProfile } from './get-recipient-profile.command';

/** Handles `GetRecipientProfile`: the stored profile, or the defaults. */
@injectable()
export class GetRecipientProfileHandler implements CommandHandler<GetRecipientProfile> {
  static readonly handles = GetRecipientProfile;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.RecipientProfileRepository)
    private readonly profiles: RecipientProfileRepository,
  ) {}

  execute(command: GetRecipientProfile): Promise<RecipientProfileView> {
    return this.uow.run(async (tx) => {
      const stored = await this.profiles.find(tx, command.recipientId);
      const profile =
        stored ?? RecipientProfile.blank(command.recipientId, toIsoUtc(this.clock.now()));
      return toRecipientProfileView(profile.snapshot(), stored !== undefined);
    });
  }
}
