import { inject, injectable } from 'inversify';
import { defaultLeadSeconds } from '../domain/profile-values';
import { nextDailyAt, quietUntil } from '@tickler/time';
import { type RecipientProfileState } from '../domain/recipient-profile.state';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { type RecipientProfileRepository } from './ports/recipient-profile.repository';
import {
  type RecipientHold,
  type RecipientRule,
  type RecipientRules,
} from '../../delivery/application/ports/recipient-rules.port';
import { type Scope } from '../../shared/application/ports/scope';

/** The zone a profile's windows are read in: its own, or UTC when it set none. */
export function zoneOf(profile: RecipientProfileState): string {
  return profile.timeZone ?? 'UTC';
}

/**
 * Where the profile holds a delivery meant for `meantFor` at `now` (docs/time.md, "Quiet
 * hours", "Digest windows"): a daily digest to its next window (quiet hours do not apply: the
 * person chose that time), else quiet hours to their end — only the external sends
 * (`external`) when the inbox row is wanted on time. Null: it goes out now.
 */
export function holdOf(
  profile: RecipientProfileState,
  meantFor: string,
  now: string,
  wantsInbox: boolean,
): RecipientHold | null {
  const zone = zoneOf(profile);
  if (profile.digest?.mode === 'daily') {
    const window = nextDailyAt(meantFor, profile.digest.at, zone);
    return window === meantFor
      ? null
      : { at: nextDailyAt(now, profile.digest.at, zone), reason: 'digest-window', external: false };
  }
  const until = profile.quietHours ? quietUntil(now, profile.quietHours, zone) : null;
  if (until === null) {
    return null;
  }
  return { at: until, reason: 'quiet-hours', external: profile.inboxOnTime && wantsInbox };
}

/** Delivery's port onto the recipients' rules (`RecipientRules`), read from their profiles. */
@injectable()
export class ProfileRecipientRules implements RecipientRules {
  constructor(
    @inject(NOTIFICATIONS_TOKENS.RecipientProfileRepository)
    private readonly profiles: RecipientProfileRepository,
  ) {}

  async rulesOf(
    scope: Scope,
    recipientIds: readonly string[],
  ): Promise<Map<string, RecipientRule>> {
    const rules = new Map<string, RecipientRule>();
    for (const [id, profile] of await this.profiles.findMany(scope, recipientIds)) {
      rules.set(id, {
        digests: profile.digest !== null,
        holdAt: (meantFor, now, wantsInbox) => holdOf(profile, meantFor, now, wantsInbox),
      });
    }
    return rules;
  }

  async defaultLeadsOf(
    scope: Scope,
    recipientIds: readonly string[],
  ): Promise<Map<string, number>> {
    const leads = new Map<string, number>();
    for (const [id, profile] of await this.profiles.findMany(scope, recipientIds)) {
      if (profile.defaultLead !== null) {
        leads.set(id, defaultLeadSeconds(profile.defaultLead));
      }
    }
    return leads;
  }
}
