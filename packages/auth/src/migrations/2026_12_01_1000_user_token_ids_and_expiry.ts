import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // An id to list and revoke a token by (the hash is never shown), and an optional expiry.
  await db.schema.alterTable('auth_user_tokens').addColumn('id', 'text').execute();
  await db.schema.alterTable('auth_user_tokens').addColumn('expires_at', 'text').execute();
  // Tokens issued before ids existed get the first 128 bits of their hash: unique, stable, and
  // no help in finding the token (SHA-256 is one-way).
  await sql`update auth_user_tokens set id = substr(token_hash, 1, 32) where id is null`.execute(
    db,
  );
  await db.schema
    .createIndex('auth_user_tokens_id')
    .on('auth_user_tokens')
    .column('id')
    .unique()
    .execute();
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_user_tokens_id').execute();
  await db.schema.alterTable('auth_user_tokens').dropColumn('expires_at').execute();
  await db.schema.alterTable('auth_user_tokens').dropColumn('id').execute();
}
