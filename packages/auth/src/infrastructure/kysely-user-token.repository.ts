import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import { ReusableQuery, tablesOf } from '@tickler/core';
import { type Scope } from '../application/ports/scope';
import {
  type UserTokenRecord,
  type UserTokenRepository,
} from '../application/ports/user-token.repository';
import { type AuthTables, type UserTokenRow } from './auth.tables';

function q(scope: Scope): Kysely<AuthTables> {
  return tablesOf<AuthTables>(scope.db);
}

function toRecord(row: UserTokenRow): UserTokenRecord {
  return {
    // Every row has an id since the migration that added it.
    id: row.id ?? row.token_hash.slice(0, 32),
    tokenHash: row.token_hash,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** Who holds a live token, and until when (what the cache of authenticated tokens keeps). */
export interface TokenHolder {
  readonly userId: string;
  /** ISO-8601 UTC; null = never expires. */
  readonly expiresAt: string | null;
}

/**
 * Every authenticated request that is not answered from the cache runs this: built and compiled
 * once (kysely's per-call building and compiling cost more than SQLite's primary-key lookup).
 */
const HOLDER_OF = new ReusableQuery<
  { tokenHash: string; now: string },
  { user_id: string; expires_at: string | null }
>(['tokenHash', 'now'], (db, values) =>
  tablesOf<AuthTables>(db)
    .selectFrom('auth_user_tokens')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', values.tokenHash)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', values.now)])),
);

/** kysely adapter of user tokens, looked up by hash (the primary key): no secret in SQL text. */
@injectable()
export class KyselyUserTokenRepository implements UserTokenRepository {
  async add(scope: Scope, record: UserTokenRecord): Promise<void> {
    await q(scope)
      .insertInto('auth_user_tokens')
      .values({
        id: record.id,
        token_hash: record.tokenHash,
        user_id: record.userId,
        created_at: record.createdAt,
        expires_at: record.expiresAt,
      })
      .execute();
  }

  async userOf(scope: Scope, tokenHash: string, now: string): Promise<string | undefined> {
    return (await this.holderOf(scope, tokenHash, now))?.userId;
  }

  /** The user of a live token and its expiry, if it exists and has not expired at `now`. */
  async holderOf(scope: Scope, tokenHash: string, now: string): Promise<TokenHolder | undefined> {
    const { rows } = await HOLDER_OF.execute(scope.db, { tokenHash, now });
    const row = rows[0];
    return row === undefined ? undefined : { userId: row.user_id, expiresAt: row.expires_at };
  }

  async live(scope: Scope, tokenHash: string, now: string): Promise<UserTokenRecord | undefined> {
    const row = await q(scope)
      .selectFrom('auth_user_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return row === undefined ? undefined : toRecord(row);
  }

  async list(scope: Scope, userId: string): Promise<UserTokenRecord[]> {
    const rows = await q(scope)
      .selectFrom('auth_user_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  async remove(scope: Scope, userId: string, id: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom('auth_user_tokens')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
