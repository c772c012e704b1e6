import { type RecipientProfile } from '../../domain/recipient-profile.entity';
import { type RecipientProfileState } from '../../domain/recipient-profile.state';
import { type Scope } from '../../../shared/application/ports/scope';

/** Persistence port of the `RecipientProfile` aggregate (one row per person who set something). */
export interface RecipientProfileRepository {
  /**
   * The stored profile, or undefined when the person never set one. `forUpdate` locks the row
   * until the transaction ends (PostgreSQL), so two concurrent updates apply one after the other.
   */
  find(
    scope: Scope,
    recipientId: string,
    options?: { forUpdate?: boolean },
  ): Promise<RecipientProfile | undefined>;
  /** Writes the whole profile (insert or replace). */
  save(scope: Scope, profile: RecipientProfile): Promise<void>;
  /**
   * The stored profiles of these recipients, by id (one read; people without one are left out):
   * what the dispatcher reads once per batch.
   */
  findMany(
    scope: Scope,
    recipientIds: readonly string[],
  ): Promise<Map<string, RecipientProfileState>>;
}
