import { type Kysely, type Migration, sql } from 'kysely';
import { tablesOf } from './database';
import { sqlDialectOf } from './dialect';

/**
 * A context's migrations, provided in code (never read from disk at run time), keyed by a
 * sortable name `YYYY_MM_DD_HHmm_what`.
 */
export type MigrationSet = Record<string, Migration>;

/** Thrown when start-up cannot bring a context's schema up to date. */
export class MigrationFailedError extends Error {
  constructor(
    readonly context: string,
    readonly migration: string | undefined,
    options: { cause: unknown },
  ) {
    super(`migration ${migration ?? '(unknown)'} of context "${context}" failed`, options);
    this.name = 'MigrationFailedError';
  }
}

/** Ledger of applied migrations, one table per context (`<context>_migrations`). */
interface LedgerTables {
  [ledger: string]: { name: string; timestamp: string };
}

/**
 * Brings one context's tables up to date, all pending migrations in ONE transaction opened
 * with `begin` (`begin immediate` on SQLite). Why not kysely's Migrator: on SQLite it runs
 * without a transaction and without a lock, so a failed migration leaves half a schema and two
 * sidecars starting together on a new file race each other (one dies with "table already
 * exists"). Taking the write lock before reading the ledger serialises them; the second
 * process then finds nothing pending. SQLite and PostgreSQL both have transactional DDL.
 *
 * On PostgreSQL `begin` takes no lock, so the first statement is a transaction-scoped
 * advisory lock keyed by the schema and the context: several processes starting together on
 * one database queue up behind it (it is released by commit or rollback), and two concurrent
 * `create table if not exists` never race on the catalog.
 */
export async function migrateContext(
  db: Kysely<unknown>,
  context: string,
  migrations: MigrationSet,
  begin = 'begin',
): Promise<void> {
  const ledger = `${context}_migrations`;
  const names = Object.keys(migrations).sort();
  await db.connection().execute(async (connection) => {
    let current: string | undefined;
    await sql.raw(begin).execute(connection);
    try {
      await sqlDialectOf(db).lockForTransaction(connection, `:tickler-migrate:${context}`);
      await sql`create table if not exists ${sql.table(ledger)} (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(
        connection,
      );
      const rows = await tablesOf<LedgerTables>(connection)
        .selectFrom(ledger)
        .select('name')
        .execute();
      const applied = new Set(rows.map((r) => r.name));
      const unknown = [...applied].filter((name) => !(name in migrations));
      if (unknown.length > 0) {
        // The file was migrated by a newer build: refuse rather than run against a schema we do not know.
        throw new Error(`database has migrations this build does not know: ${unknown.join(', ')}`);
      }
      for (const name of names) {
        if (applied.has(name)) {
          continue;
        }
        current = name;
        await (migrations[name] as Migration).up(connection);
        await tablesOf<LedgerTables>(connection)
          .insertInto(ledger)
          .values({ name, timestamp: new Date().toISOString() })
          .execute();
      }
      current = undefined;
      await sql.raw('commit').execute(connection);
    } catch (error) {
      await sql
        .raw('rollback')
        .execute(connection)
        .catch(() => undefined);
      throw new MigrationFailedError(context, current, { cause: error });
    }
  });
}
