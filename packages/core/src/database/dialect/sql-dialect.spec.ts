import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { sqlDialectFor, sqlDialectOf } from '.';

interface Tables {
  t: { id: string };
}

function kyselyOf(name: 'sqlite' | 'postgres'): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => (name === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        name === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () =>
        name === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });
}

describe('SqlDialect', () => {
  it('is found from a kysely handle as from its name', () => {
    expect(sqlDialectOf(kyselyOf('sqlite') as Kysely<unknown>)).toBe(sqlDialectFor('sqlite'));
    expect(sqlDialectOf(kyselyOf('postgres') as Kysely<unknown>)).toBe(sqlDialectFor('postgres'));
  });

  it('locks and claims rows on PostgreSQL only', () => {
    for (const name of ['sqlite', 'postgres'] as const) {
      const db = kyselyOf(name);
      const dialect = sqlDialectFor(name);
      const locked = dialect.lockRows(db.selectFrom('t').select('id')).compile().sql;
      const claimed = dialect.claimRows(db.selectFrom('t').select('id')).compile().sql;
      expect([locked.endsWith(' for update'), claimed.endsWith(' for update skip locked')]).toEqual(
        name === 'postgres' ? [true, true] : [false, false],
      );
    }
  });

  it('claims only the named table of a join on PostgreSQL', () => {
    const query = (name: 'sqlite' | 'postgres') =>
      kyselyOf(name).selectFrom('t as a').innerJoin('t as b', 'b.id', 'a.id').select('a.id');
    expect(sqlDialectFor('postgres').claimRows(query('postgres'), 'a').compile().sql).toMatch(
      / for update of "a" skip locked$/,
    );
    expect(sqlDialectFor('sqlite').claimRows(query('sqlite'), 'a').compile().sql).not.toMatch(
      /for update/,
    );
  });

  it('spells placeholders, VALUES lists and casts out of them', () => {
    const sqlite = sqlDialectFor('sqlite');
    const postgres = sqlDialectFor('postgres');
    expect(sqlite.valuesList(2, 2)).toBe('(?, ?), (?, ?)');
    expect(postgres.valuesList(2, 2)).toBe('($1, $2), ($3, $4)');
    expect([sqlite.placeholder(3), postgres.placeholder(3)]).toEqual(['?', '$3']);
    expect(sqlite.fromValues('v.n', 'integer')).toBe('v.n');
    expect(postgres.fromValues('v.n', 'integer')).toBe('cast(v.n as integer)');
  });
});
