import { CompiledQuery, sql } from 'kysely';
import { type ClaimableQuery, type LockableQuery, type SqlDialect } from './sql-dialect';

/** PostgreSQL: row locks, advisory locks, LISTEN/NOTIFY and numbered placeholders. */
export const postgresDialect: SqlDialect = {
  name: 'postgres',
  notifiesOtherProcesses: true,
  lockRows: <Q extends LockableQuery<Q>>(query: Q): Q => query.forUpdate(),
  claimRows: <Q extends ClaimableQuery<Q>>(query: Q, of?: string): Q =>
    query.forUpdate(of as never).skipLocked(),
  async lockForTransaction(db, key) {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ${key}))`.execute(db);
  },
  async notify(db, channel, payload) {
    await db.executeQuery(CompiledQuery.raw('select pg_notify($1, $2)', [channel, payload]));
  },
  placeholder: (n) => `$${n}`,
  valuesList(columns, rows) {
    const list = new Array<string>(rows);
    for (let r = 0; r < rows; r++) {
      const first = r * columns;
      list[r] = `(${Array.from({ length: columns }, (_, c) => `$${first + c + 1}`).join(', ')})`;
    }
    return list.join(', ');
  },
  fromValues: (expression, type) => `cast(${expression} as ${type})`,
  serialKeyType: 'serial',
  serialKeyAutoIncrement: false,
};
