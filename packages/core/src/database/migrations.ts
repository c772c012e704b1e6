import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

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

class InCodeProvider implements MigrationProvider {
  constructor(private readonly migrations: MigrationSet) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(this.migrations);
  }
}

/**
 * Brings one context's tables up to date. Each context keeps its own ledger table
 * (`<context>_migrations`) so contexts can evolve independently in one file.
 */
export async function migrateContext(db: Kysely<unknown>, context: string, migrations: MigrationSet): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(migrations),
    migrationTableName: `${context}_migrations`,
    migrationLockTableName: `${context}_migrations_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new MigrationFailedError(context, failed?.migrationName, { cause: error });
  }
}
