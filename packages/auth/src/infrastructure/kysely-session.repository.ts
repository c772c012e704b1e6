import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import { tablesOf } from '@tickler/core';
import { type Scope } from '../application/ports/scope';
import {
  type LiveSession,
  type SessionRecord,
  type SessionRepository,
} from '../application/ports/session.repository';
import { type AuthTables } from './auth.tables';

function q(scope: Scope): Kysely<AuthTables> {
  return tablesOf<AuthTables>(scope.db);
}

/** kysely adapter of browser sessions, looked up by the hash of their secret (the primary key). */
@injectable()
export class KyselySessionRepository implements SessionRepository {
  async add(scope: Scope, record: SessionRecord): Promise<void> {
    await q(scope)
      .insertInto('auth_sessions')
      .values({
        secret_hash: record.secretHash,
        id: record.id,
        user_id: record.userId,
        user_token_id: record.userTokenId,
        created_at: record.createdAt,
        expires_at: record.expiresAt,
      })
      .execute();
  }

  async live(scope: Scope, secretHash: string, now: string): Promise<LiveSession | undefined> {
    // The join is the rule "a session is worth what its token is worth": a revoked (deleted) or
    // expired token takes its sessions with it, without a write at revoke time.
    const row = await q(scope)
      .selectFrom('auth_sessions as s')
      .innerJoin('auth_user_tokens as t', 't.id', 's.user_token_id')
      .select(['s.id', 's.user_id', 's.expires_at'])
      .where('s.secret_hash', '=', secretHash)
      .where('s.expires_at', '>', now)
      .whereRef('t.user_id', '=', 's.user_id')
      .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now)]))
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : { id: row.id, userId: row.user_id, expiresAt: row.expires_at };
  }

  async remove(scope: Scope, secretHash: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom('auth_sessions')
      .where('secret_hash', '=', secretHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async removeExpired(scope: Scope, now: string): Promise<number> {
    const result = await q(scope)
      .deleteFrom('auth_sessions')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async trim(scope: Scope, userTokenId: string, keep: number): Promise<number> {
    const surplus = await q(scope)
      .selectFrom('auth_sessions')
      .select('secret_hash')
      .where('user_token_id', '=', userTokenId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
    if (surplus.length === 0) {
      return 0;
    }
    const result = await q(scope)
      .deleteFrom('auth_sessions')
      .where(
        'secret_hash',
        'in',
        surplus.map((row) => row.secret_hash),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
