import { AggregateRoot } from '@tickler/core/domain';
import {
  profileDefaultLead,
  profileDigest,
  profileQuietHours,
  profileTimeZone,
} from './profile-values';
import { RecipientProfileUpdated } from './recipient-profile-updated.event';
import {
  type DigestSpec,
  type ProfileChanges,
  type QuietHoursSpec,
  type ProfileField,
  PROFILE_FIELDS,
  type RecipientProfileState,
} from './recipient-profile.state';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The stored value of one field after a change (`null` = back to the default). */
function normalised(field: ProfileField, value: unknown): unknown {
  if (value === null) {
    return field === 'inboxOnTime' ? false : null;
  }
  switch (field) {
    case 'timeZone':
      return profileTimeZone(value);
    case 'quietHours':
      return profileQuietHours(value as QuietHoursSpec);
    case 'inboxOnTime':
      return value === true;
    case 'defaultLead':
      return profileDefaultLead(value);
    case 'digest':
      return profileDigest(value as DigestSpec);
  }
}

/**
 * One person's settings about their own time: zone, quiet hours, whether the inbox row is
 * written on time inside them, the default lead, the digest. A person without a stored profile
 * has {@link RecipientProfile.blank}'s values. Every change goes through {@link update}, which
 * validates and normalises each field and raises one `notifications.profile-updated` event
 * naming the fields that changed (none when nothing did).
 */
export class RecipientProfile extends AggregateRoot {
  private constructor(private readonly s: Mutable<RecipientProfileState>) {
    super();
  }

  /** The defaults of a person who set nothing (not stored until a change is saved). */
  static blank(recipientId: string, now: string): RecipientProfile {
    return new RecipientProfile({
      recipientId,
      timeZone: null,
      quietHours: null,
      inboxOnTime: false,
      defaultLead: null,
      digest: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** A profile loaded from storage; records nothing. */
  static rehydrate(state: RecipientProfileState): RecipientProfile {
    return new RecipientProfile({ ...state });
  }

  get recipientId(): string {
    return this.s.recipientId;
  }

  /** A read-only snapshot (mappers, views, the dispatcher's rules). */
  snapshot(): RecipientProfileState {
    return { ...this.s };
  }

  /**
   * Applies a partial change (absent: unchanged; `null`: cleared). Each value is validated and
   * normalised; a bad one throws `InvalidArgumentError` naming its field and changes nothing.
   * Returns the fields that changed.
   */
  update(changes: ProfileChanges, now: string, eventId: string): ProfileField[] {
    const next: Partial<Record<ProfileField, unknown>> = {};
    for (const field of PROFILE_FIELDS) {
      if (changes[field] !== undefined) {
        next[field] = normalised(field, changes[field]);
      }
    }
    const changed = PROFILE_FIELDS.filter(
      (f) => f in next && JSON.stringify(next[f]) !== JSON.stringify(this.s[f]),
    );
    if (changed.length === 0) {
      return [];
    }
    Object.assign(this.s, Object.fromEntries(changed.map((f) => [f, next[f]])));
    this.s.updatedAt = now;
    const { createdAt: _c, updatedAt: _u, ...profile } = this.s;
    this.record(
      RecipientProfileUpdated.create(
        { recipientId: this.s.recipientId, changed, profile },
        now,
        eventId,
      ),
    );
    return changed;
  }
}
