import { type ChannelPreference } from '../../domain/channel-preference';
import { type Scope } from '../../../shared/application/ports/scope';

/** A stored switch with its owner and when it was last set. */
export interface StoredPreference extends ChannelPreference {
  readonly recipientId: string;
  /** ISO UTC instant of the last change. */
  readonly updatedAt: string;
}

/** Persistence port of people's channel preferences (one row per switch a person set). */
export interface PreferenceRepository {
  /** Every switch `recipientId` set, ordered by source then channel. */
  listFor(scope: Scope, recipientId: string): Promise<StoredPreference[]>;
  /** The switches turned off of these recipients (one read per chunk): what firing reads. */
  offFor(scope: Scope, recipientIds: readonly string[]): Promise<StoredPreference[]>;
  /** Inserts or replaces these switches of `recipientId`, stamped `now`. */
  save(
    scope: Scope,
    recipientId: string,
    preferences: readonly ChannelPreference[],
    now: string,
  ): Promise<void>;
}
