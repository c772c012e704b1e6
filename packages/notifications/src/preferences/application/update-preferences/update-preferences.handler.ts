import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type PreferenceRepository } from '../ports/preference.repository';
import { type PreferencesView, toPreferencesView } from '../preferences.view';
import { type PreferenceInput, UpdatePreferences } from './update-preferences.command';
import { InvalidArgumentError } from '@tickler/core/domain';
import { parseEscalation } from '../../../shared/domain/escalation-rule';
import { INBOX_CHANNEL, SUBSCRIPTION_KINDS } from '../../../shared/application/channel-kinds';
import { type ChannelPreference } from '../../domain/channel-preference';

/** One entry as stored; an `escalate` only on an inbox switch (400 naming it otherwise). */
function switchOf(p: PreferenceInput, index: number): ChannelPreference {
  const field = `preferences.${index}.escalate`;
  if (p.escalate && p.channel !== INBOX_CHANNEL) {
    throw new InvalidArgumentError(field, 'goes on the inbox switch: only inbox items go unread');
  }
  return {
    source: p.source,
    channel: p.channel,
    enabled: p.enabled,
    // Absent: the stored escalation is kept; null: removed.
    escalation:
      p.escalate === undefined || p.escalate === null
        ? p.escalate
        : parseEscalation({ ...p.escalate }, field, SUBSCRIPTION_KINDS),
  };
}

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
        command.preferences.map(
          (p, i) => [JSON.stringify([p.source, p.channel]), switchOf(p, i)] as const,
        ),
      );
      await this.preferences.save(tx, command.recipientId, [...last.values()], now);
      return toPreferencesView(
        command.recipientId,
        await this.preferences.listFor(tx, command.recipientId),
      );
    });
  }
}
