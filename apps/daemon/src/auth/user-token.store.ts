import { inject, injectable } from 'inversify';
import { CORE_TOKENS, type Database, tablesOf } from '@tickler/core';
import { type AuthTables } from './auth.tables';

/** Looks user tokens up by hash (the primary key), so no secret is ever compared in SQL text. */
@injectable()
export class UserTokenStore {
  constructor(@inject(CORE_TOKENS.Database) private readonly database: Database) {}

  /** The user a token hash belongs to, if it was issued. */
  async userOf(tokenHash: string): Promise<string | undefined> {
    const row = await tablesOf<AuthTables>(this.database.kysely)
      .selectFrom('auth_user_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.user_id;
  }
}
