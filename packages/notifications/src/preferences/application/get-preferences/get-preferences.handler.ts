import { type CommandHandler, CORE_TOKENS } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type PreferenceRepository } from '../ports/preference.repository';
import { type PreferencesView, toPreferencesView } from '../preferences.view';
import { GetPreferences } from './get-preferences.command';

/** Handles `GetPreferences`: the person's stored switches. */
@injectable()
export class GetPreferencesHandler implements CommandHandler<GetPreferences> {
  static readonly handles = GetPreferences;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(NOTIFICATIONS_TOKENS.PreferenceRepository)
    private readonly preferences: PreferenceRepository,
  ) {}

  execute(command: GetPreferences): Promise<PreferencesView> {
    return this.uow.run(async (tx) =>
      toPreferencesView(
        command.recipientId,
        await this.preferences.listFor(tx, command.recipientId),
      ),
    );
  }
}
