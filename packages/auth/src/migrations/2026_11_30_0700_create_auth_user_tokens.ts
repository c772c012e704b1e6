import { type Kysely, type Migration } from 'kysely';

// Frozen in time: never import app code here.
/** Creates `auth_user_tokens`. */
export const createAuthUserTokens: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('auth_user_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('auth_user_tokens_user')
      .on('auth_user_tokens')
      .column('user_id')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('auth_user_tokens').execute();
  },
};
