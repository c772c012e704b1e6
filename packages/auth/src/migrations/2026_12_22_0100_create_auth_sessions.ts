import { type Kysely } from 'kysely';

// Frozen in time: never import app code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A browser session, opened by exchanging a user token: the cookie's secret is stored only as
  // its SHA-256 (like user tokens), and the session names the token it came from so that
  // revoking the token ends its sessions too.
  await db.schema
    .createTable('auth_sessions')
    .addColumn('secret_hash', 'text', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_token_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_sessions_token')
    .on('auth_sessions')
    .columns(['user_token_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_sessions_expiry')
    .on('auth_sessions')
    .column('expires_at')
    .execute();
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_sessions').execute();
}
