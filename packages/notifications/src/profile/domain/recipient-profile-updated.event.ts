import { type DomainEvent } from '@tickler/core/domain';
import { type ProfileField, type RecipientProfileState } from './recipient-profile.state';

/** What {@link RecipientProfileUpdated} carries: the fields that changed and the profile after. */
export type RecipientProfileUpdatedPayload = {
  readonly recipientId: string;
  /** The fields whose value changed (never empty: an update that changes nothing raises nothing). */
  readonly changed: readonly ProfileField[];
  readonly profile: Omit<RecipientProfileState, 'createdAt' | 'updatedAt'>;
};

/** A recipient's profile changed (time zone, quiet hours, inbox on time, default lead, digest). */
export type RecipientProfileUpdated = DomainEvent<RecipientProfileUpdatedPayload> & {
  readonly type: 'notifications.profile-updated';
};

/** Factory of {@link RecipientProfileUpdated}; `type` is the stable event type. */
export const RecipientProfileUpdated = {
  type: 'notifications.profile-updated',
  create(
    payload: RecipientProfileUpdatedPayload,
    occurredAt: string,
    eventId: string,
  ): RecipientProfileUpdated {
    return {
      eventId,
      type: 'notifications.profile-updated',
      aggregateId: payload.recipientId,
      occurredAt,
      payload,
    };
  },
} as const;
