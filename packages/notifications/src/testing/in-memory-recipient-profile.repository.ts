import { REFERENCE_TIME } from '@tickler/core/testing';
import { type RecipientProfileRepository } from '../profile/application/ports/recipient-profile.repository';
import { RecipientProfile } from '../profile/domain/recipient-profile.entity';
import {
  type ProfileChanges,
  type RecipientProfileState,
} from '../profile/domain/recipient-profile.state';

/** In-memory profiles, by recipient; `set` stores one through the aggregate's own rules. */
export class InMemoryRecipientProfileRepository implements RecipientProfileRepository {
  readonly rows = new Map<string, RecipientProfileState>();
  /** How many `findMany` reads were made (the dispatcher reads once per batch). */
  reads = 0;

  /** Stores `changes` applied to `recipientId`'s profile (validated as `UpdateRecipientProfile` does). */
  async set(recipientId: string, changes: ProfileChanges, now = REFERENCE_TIME): Promise<void> {
    const profile =
      (await this.find(null, recipientId)) ?? RecipientProfile.blank(recipientId, now);
    profile.update(changes, now, `event-${recipientId}`);
    await this.save(null, profile);
  }

  find(_s: unknown, recipientId: string): Promise<RecipientProfile | undefined> {
    const row = this.rows.get(recipientId);
    return Promise.resolve(row ? RecipientProfile.rehydrate(row) : undefined);
  }

  save(_s: unknown, profile: RecipientProfile): Promise<void> {
    this.rows.set(profile.recipientId, profile.snapshot());
    return Promise.resolve();
  }

  findMany(_s: unknown, ids: readonly string[]): Promise<Map<string, RecipientProfileState>> {
    this.reads += 1;
    const out = new Map<string, RecipientProfileState>();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) {
        out.set(id, row);
      }
    }
    return Promise.resolve(out);
  }
}
