import { type ContextMigrations } from '../daemon-contexts';
import { MigrateError } from './migrate.error';

/** Names of the migrations applied to one database (every context's ledger together). */
export type AppliedMigrations = ReadonlySet<string>;

/**
 * What this build knows of the schema: every context's migrations (the daemon's own list,
 * {@link ContextMigrations}) and the ledger tables they are recorded in.
 */
export class SchemaHistory {
  /** The ledger tables (`<context>_migrations`): the schema's history, never copied as data. */
  readonly ledgers: ReadonlySet<string>;
  /** Every migration this build knows. */
  readonly known: AppliedMigrations;

  constructor(readonly contexts: readonly ContextMigrations[]) {
    this.ledgers = new Set(contexts.map((c) => `${c.context}_migrations`));
    this.known = new Set(contexts.flatMap((c) => Object.keys(c.migrations)));
  }
}

/** A database's version: its newest applied migration's name (they sort by date), or `empty`. */
export function versionOf(applied: AppliedMigrations): string {
  return [...applied].sort().at(-1) ?? 'empty';
}

/**
 * Whether the copy may go ahead; throws a one-line {@link MigrateError} when not:
 * - the target has a migration the source has not (a newer build migrated it): copying older
 *   rows into a newer schema could break what that build relies on;
 * - the source has one this build does not know (a newer build wrote it): use that build;
 * - the source lacks one this build has: its daemon brings it up to date on start, and only
 *   then do its rows fit the tables this build creates on the target.
 */
export function checkVersions(
  source: AppliedMigrations,
  target: AppliedMigrations,
  known: AppliedMigrations,
): void {
  const newerOnTarget = [...target].filter((name) => !source.has(name));
  if (newerOnTarget.length > 0) {
    throw new MigrateError(
      `the target has newer migrations than the source (target at ${versionOf(target)}, source at ${versionOf(source)}); copy into an empty schema or one migrated from this source`,
    );
  }
  const unknown = [...source].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new MigrateError(
      `the source was migrated by a newer tickler (source at ${versionOf(source)}, this tickler at ${versionOf(known)}); run that version's tickler migrate`,
    );
  }
  const missing = [...known].filter((name) => !source.has(name));
  if (missing.length > 0) {
    throw new MigrateError(
      `the source is older than this tickler (source at ${versionOf(source)}, this tickler at ${versionOf(known)}); start this version's daemon on it once (it migrates on start), stop it, then run tickler migrate again`,
    );
  }
}
