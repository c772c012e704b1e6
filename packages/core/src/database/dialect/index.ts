import { type Kysely } from 'kysely';
import { type DialectName, dialectOf } from '../database';
import { postgresDialect } from './postgres-dialect';
import { type SqlDialect } from './sql-dialect';
import { sqliteDialect } from './sqlite-dialect';

export * from './sql-dialect';

const DIALECTS: Readonly<Record<DialectName, SqlDialect>> = {
  sqlite: sqliteDialect,
  postgres: postgresDialect,
};

/** The dialect of a database by its name ({@link Database.dialect}). */
export function sqlDialectFor(name: DialectName): SqlDialect {
  return DIALECTS[name];
}

/** The dialect a kysely handle (the root or a transaction's) talks. */
export function sqlDialectOf(db: Kysely<unknown>): SqlDialect {
  return DIALECTS[dialectOf(db)];
}
