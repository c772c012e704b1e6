import { type ChannelPreference } from '../../domain/channel-preference';
import { type Scope } from '../../../shared/application/ports/scope';
import { type EscalationRule } from '../../../shared/domain/escalation-rule';

/** A stored switch with its owner and when it was last set. */
export interface StoredPreference extends ChannelPreference {
  readonly escalation: EscalationRule | null;
  readonly recipientId: string;
  /** ISO UTC instant of the last change. */
  readonly updatedAt: string;
}

/** Persistence port of people's channel preferences (one row per switch a person set). */
export interface PreferenceRepository {
  /** Every switch `recipientId` set, ordered by source then channel. */
  listFor(scope: Scope, recipientId: string): Promise<StoredPreference[]>;
  /**
   * The switches of these recipients that firing needs — turned off, or carrying an escalation
   * (one read per chunk).
   */
  firingFor(scope: Scope, recipientIds: readonly string[]): Promise<StoredPreference[]>;
  /**
   * Inserts or replaces these switches of `recipientId`, stamped `now`; a switch whose
   * `escalation` is undefined keeps the stored one.
   */
  save(
    scope: Scope,
    recipientId: string,
    preferences: readonly ChannelPreference[],
    now: string,
  ): Promise<void>;
}
