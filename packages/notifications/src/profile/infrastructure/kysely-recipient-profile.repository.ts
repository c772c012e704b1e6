import { sqlDialectOf, tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import { type RecipientProfileRepository } from '../application/ports/recipient-profile.repository';
import { type Scope } from '../../shared/application/ports/scope';
import { RecipientProfile } from '../domain/recipient-profile.entity';
import {
  type DigestSettings,
  type RecipientProfileState,
  type Weekday,
} from '../domain/recipient-profile.state';
import { type NotificationsTables } from '../../shared/infrastructure/notifications.tables';
import { type RecipientProfileRow } from '../../shared/infrastructure/recipient-profiles.table';

const TABLE = 'notification_recipient_profiles';
/** Recipients per `IN (...)` read: well under SQLite's bound-parameter limit. */
const IDS_PER_STATEMENT = 1000;

function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

function digestOf(row: RecipientProfileRow): DigestSettings | null {
  if (row.digest_mode === 'daily' && row.digest_at !== null) {
    return { mode: 'daily', at: row.digest_at };
  }
  return row.digest_mode === 'tick' ? { mode: 'tick' } : null;
}

/** Row → state. Rows never leave infrastructure. */
function stateOf(row: RecipientProfileRow): RecipientProfileState {
  return {
    recipientId: row.recipient_id,
    timeZone: row.time_zone,
    quietHours:
      row.quiet_start !== null && row.quiet_end !== null
        ? {
            start: row.quiet_start,
            end: row.quiet_end,
            days: row.quiet_days === null ? null : (row.quiet_days.split(',') as Weekday[]),
          }
        : null,
    inboxOnTime: Number(row.inbox_on_time) === 1,
    defaultLead: row.default_lead,
    digest: digestOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** State → row. */
function rowOf(s: RecipientProfileState): RecipientProfileRow {
  return {
    recipient_id: s.recipientId,
    time_zone: s.timeZone,
    quiet_start: s.quietHours?.start ?? null,
    quiet_end: s.quietHours?.end ?? null,
    quiet_days: s.quietHours?.days?.join(',') ?? null,
    inbox_on_time: s.inboxOnTime ? 1 : 0,
    default_lead: s.defaultLead,
    digest_mode: s.digest?.mode ?? null,
    digest_at: s.digest?.mode === 'daily' ? s.digest.at : null,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

/** kysely adapter of the profile repository (SQLite and PostgreSQL alike). */
@injectable()
export class KyselyRecipientProfileRepository implements RecipientProfileRepository {
  async find(
    scope: Scope,
    recipientId: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<RecipientProfile | undefined> {
    const query = q(scope).selectFrom(TABLE).selectAll().where('recipient_id', '=', recipientId);
    const locked = options.forUpdate === true ? sqlDialectOf(scope.db).lockRows(query) : query;
    const row = await locked.executeTakeFirst();
    return row ? RecipientProfile.rehydrate(stateOf(row)) : undefined;
  }

  async save(scope: Scope, profile: RecipientProfile): Promise<void> {
    const row = rowOf(profile.snapshot());
    const { recipient_id: _id, created_at: _created, ...changes } = row;
    await q(scope)
      .insertInto(TABLE)
      .values(row)
      .onConflict((oc) => oc.column('recipient_id').doUpdateSet(changes))
      .execute();
  }

  async findMany(
    scope: Scope,
    recipientIds: readonly string[],
  ): Promise<Map<string, RecipientProfileState>> {
    const out = new Map<string, RecipientProfileState>();
    const unique = [...new Set(recipientIds)];
    for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) {
      const rows = await q(scope)
        .selectFrom(TABLE)
        .selectAll()
        .where('recipient_id', 'in', unique.slice(i, i + IDS_PER_STATEMENT))
        .execute();
      for (const row of rows) {
        out.set(row.recipient_id, stateOf(row));
      }
    }
    return out;
  }
}
