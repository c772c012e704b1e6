import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { type RecipientProfileRepository } from '../../profile/application/ports/recipient-profile.repository';
import { type RecipientTimeZone } from './ports/recipient-time-zone.port';
import { type Scope } from '../../shared/application/ports/scope';

/**
 * {@link RecipientTimeZone} from the recipient profile: the zone the person set
 * (`PUT /v1/users/{userId}/profile`), UTC when they set none — the same default the quiet-hours
 * and digest rules use. Read in the caller's transaction, so a profile change and a create in
 * one unit of work agree.
 */
@injectable()
export class ProfileRecipientTimeZone implements RecipientTimeZone {
  constructor(
    @inject(NOTIFICATIONS_TOKENS.RecipientProfileRepository)
    private readonly profiles: RecipientProfileRepository,
  ) {}

  async timeZoneOf(scope: Scope, recipientId: string): Promise<string> {
    const profile = await this.profiles.find(scope, recipientId);
    return profile?.snapshot().timeZone ?? 'UTC';
  }
}
