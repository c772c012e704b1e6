import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import {
  type PreferenceRepository,
  type StoredPreference,
} from '../application/ports/preference.repository';
import { type ChannelPreference } from '../domain/channel-preference';
import { type Scope } from '../../shared/application/ports/scope';
import { type PreferenceRow, type PreferencesTables } from './preferences.table';

const TABLE = 'notification_preferences';
/** Recipients per `IN (...)` read: well under SQLite's bound-parameter limit. */
const IDS_PER_STATEMENT = 1000;

function q(scope: Scope): Kysely<PreferencesTables> {
  return tablesOf<PreferencesTables>(scope.db);
}

/** Row → stored switch. Rows never leave infrastructure. */
function preferenceOf(row: PreferenceRow): StoredPreference {
  return {
    recipientId: row.recipient_id,
    source: row.source,
    channel: row.channel,
    enabled: Number(row.enabled) === 1,
    updatedAt: row.updated_at,
    escalation:
      row.escalate_after_ms !== null && row.escalate_channel !== null
        ? { afterMs: Number(row.escalate_after_ms), channel: row.escalate_channel }
        : null,
  };
}

/** kysely adapter of the preference repository (SQLite and PostgreSQL alike). */
@injectable()
export class KyselyPreferenceRepository implements PreferenceRepository {
  async listFor(scope: Scope, recipientId: string): Promise<StoredPreference[]> {
    const rows = await q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('recipient_id', '=', recipientId)
      .orderBy('source')
      .orderBy('channel')
      .execute();
    return rows.map(preferenceOf);
  }

  async firingFor(scope: Scope, recipientIds: readonly string[]): Promise<StoredPreference[]> {
    const unique = [...new Set(recipientIds)];
    const out: StoredPreference[] = [];
    for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) {
      const rows = await q(scope)
        .selectFrom(TABLE)
        .selectAll()
        .where('recipient_id', 'in', unique.slice(i, i + IDS_PER_STATEMENT))
        .where((eb) => eb.or([eb('enabled', '=', 0), eb('escalate_after_ms', 'is not', null)]))
        .execute();
      out.push(...rows.map(preferenceOf));
    }
    return out;
  }

  async save(
    scope: Scope,
    recipientId: string,
    preferences: readonly ChannelPreference[],
    now: string,
  ): Promise<void> {
    // Two statements at most: the switches that set their escalation (or clear it) and those
    // that keep the stored one.
    for (const setsEscalation of [true, false]) {
      const rows = preferences.filter((p) => (p.escalation !== undefined) === setsEscalation);
      if (rows.length === 0) {
        continue;
      }
      await q(scope)
        .insertInto(TABLE)
        .values(
          rows.map((p) => ({
            recipient_id: recipientId,
            source: p.source,
            channel: p.channel,
            enabled: p.enabled ? 1 : 0,
            updated_at: now,
            escalate_after_ms: p.escalation?.afterMs ?? null,
            escalate_channel: p.escalation?.channel ?? null,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['recipient_id', 'source', 'channel']).doUpdateSet((eb) => ({
            enabled: eb.ref('excluded.enabled'),
            updated_at: eb.ref('excluded.updated_at'),
            ...(setsEscalation
              ? {
                  escalate_after_ms: eb.ref('excluded.escalate_after_ms'),
                  escalate_channel: eb.ref('excluded.escalate_channel'),
                }
              : {}),
          })),
        )
        .execute();
    }
  }
}
