import {
  type PreferenceRepository,
  type StoredPreference,
} from '../preferences/application/ports/preference.repository';
import { type ChannelPreference } from '../preferences/domain/channel-preference';

/** In-memory preference repository for handler tests. */
export class InMemoryPreferenceRepository implements PreferenceRepository {
  private readonly rows = new Map<string, StoredPreference>();

  listFor(_scope: unknown, recipientId: string): Promise<StoredPreference[]> {
    return Promise.resolve(
      [...this.rows.values()]
        .filter((p) => p.recipientId === recipientId)
        .sort((a, b) =>
          a.source === b.source
            ? a.channel.localeCompare(b.channel)
            : a.source.localeCompare(b.source),
        ),
    );
  }

  firingFor(_scope: unknown, recipientIds: readonly string[]): Promise<StoredPreference[]> {
    const ids = new Set(recipientIds);
    return Promise.resolve(
      [...this.rows.values()].filter(
        (p) => ids.has(p.recipientId) && (!p.enabled || p.escalation !== null),
      ),
    );
  }

  save(
    _scope: unknown,
    recipientId: string,
    preferences: readonly ChannelPreference[],
    now: string,
  ): Promise<void> {
    for (const p of preferences) {
      const key = JSON.stringify([recipientId, p.source, p.channel]);
      this.rows.set(key, {
        ...p,
        escalation:
          p.escalation === undefined ? (this.rows.get(key)?.escalation ?? null) : p.escalation,
        recipientId,
        updatedAt: now,
      });
    }
    return Promise.resolve();
  }
}
