import { injectable } from 'inversify';
import { tablesOf } from '@tickler/core';
import { type Scope } from '../application/ports/scope';
import {
  type UserTokenRecord,
  type UserTokenRepository,
} from '../application/ports/user-token.repository';
import { type AuthTables } from './auth.tables';

/** kysely adapter of user tokens, looked up by hash (the primary key): no secret in SQL text. */
@injectable()
export class KyselyUserTokenRepository implements UserTokenRepository {
  async add(scope: Scope, record: UserTokenRecord): Promise<void> {
    await tablesOf<AuthTables>(scope.db)
      .insertInto('auth_user_tokens')
      .values({
        token_hash: record.tokenHash,
        user_id: record.userId,
        created_at: record.createdAt,
      })
      .execute();
  }

  async userOf(scope: Scope, tokenHash: string): Promise<string | undefined> {
    const row = await tablesOf<AuthTables>(scope.db)
      .selectFrom('auth_user_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.user_id;
  }
}
