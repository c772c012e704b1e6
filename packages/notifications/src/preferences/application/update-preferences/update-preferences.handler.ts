import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type PreferenceRepository } from '../ports/preference.repository';
import { type PreferencesView, toPreferencesView } from '../preferences.view';
import { UpdatePreferences } from './update-preferences.command';

/** Handles `UpdatePreferences`: writes the switches in one transaction, answers them all. */
@injectable()
export class UpdatePreferencesHandler implements CommandHandler<UpdatePreferences> {
  static readonly handles = UpdatePreferences;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.PreferenceRepository)
    private readonly preferences: PreferenceRepository,
  ) {}

  execute(command: UpdatePreferences): Promise<PreferencesView> {
    return this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      // A switch named twice keeps the last (one row per switch: no conflict inside one statement).
      const last = new Map(
        command.preferences.map((p) => [JSON.stringify([p.source, p.channel]), p] as const),
      );
      await this.preferences.save(
        tx,
        command.recipientId,
        [...last.values()].map((p) => ({
          source: p.source,
          channel: p.channel,
          enabled: p.enabled,
        })),
        now,
      );
      return toPreferencesView(
        command.recipientId,
        await this.preferences.listFor(tx, command.recipientId),
      );
    });
  }
}
