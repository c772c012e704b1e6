import { authMigrations } from '@tickler/auth/migrations';
import { calendarMigrations } from '@tickler/calendar/migrations';
import { coreMigrations, type MigrationSet } from '@tickler/core';
import { notificationsMigrations } from '@tickler/notifications/migrations';
import { CliError } from '../cli.error';

/** Every context's migrations, by ledger prefix, in the order the daemon runs them. */
export const CONTEXT_MIGRATIONS: readonly { context: string; migrations: MigrationSet }[] = [
  { context: 'shared', migrations: coreMigrations },
  { context: 'notifications', migrations: notificationsMigrations },
  { context: 'auth', migrations: authMigrations },
  { context: 'calendar', migrations: calendarMigrations },
];

/** The ledger tables (`<context>_migrations`): the schema's history, never copied as data. */
export const LEDGER_TABLES = new Set(CONTEXT_MIGRATIONS.map((c) => `${c.context}_migrations`));

/** Names of the migrations applied to one database (every context's ledger together). */
export type AppliedMigrations = ReadonlySet<string>;

/** A database's version: its newest applied migration's name (they sort by date), or `empty`. */
export function versionOf(applied: AppliedMigrations): string {
  return [...applied].sort().at(-1) ?? 'empty';
}

/** Every migration this build knows. */
export function knownMigrations(): AppliedMigrations {
  return new Set(CONTEXT_MIGRATIONS.flatMap((c) => Object.keys(c.migrations)));
}

/**
 * Whether the copy may go ahead; throws a one-line {@link CliError} when not:
 * - the target has a migration the source has not (a newer build migrated it): copying older
 *   rows into a newer schema could break what that build relies on;
 * - the source has one this build does not know (a newer build wrote it): use that build;
 * - the source lacks one this build has: its daemon brings it up to date on start, and only
 *   then do its rows fit the tables this build creates on the target.
 */
export function checkVersions(source: AppliedMigrations, target: AppliedMigrations): void {
  const newerOnTarget = [...target].filter((name) => !source.has(name));
  if (newerOnTarget.length > 0) {
    throw new CliError(
      `the target has newer migrations than the source (target at ${versionOf(target)}, source at ${versionOf(source)}); copy into an empty schema or one migrated from this source`,
    );
  }
  const known = knownMigrations();
  const unknown = [...source].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new CliError(
      `the source was migrated by a newer tickler (source at ${versionOf(source)}, this tickler at ${versionOf(known)}); run that version's tickler migrate`,
    );
  }
  if (source.size < known.size) {
    throw new CliError(
      `the source is older than this tickler (source at ${versionOf(source)}, this tickler at ${versionOf(known)}); start this version's daemon on it once (it migrates on start), stop it, then run tickler migrate again`,
    );
  }
}
