import { CompiledQuery, sql } from 'kysely';
import { type ClaimableQuery, type LockableQuery, type SqlDialect } from './sql-dialect';

/** The planner settings {@link SqlDialect.inIndexOrder} turns off for one statement. */
const INDEX_ORDER_OFF = ['enable_sort', 'enable_hashjoin', 'enable_bitmapscan'];
const indexOrderOn = CompiledQuery.raw(
  INDEX_ORDER_OFF.map((name) => `set local ${name} = off`).join('; '),
);
const indexOrderOff = CompiledQuery.raw(
  INDEX_ORDER_OFF.map((name) => `set local ${name} to default`).join('; '),
);

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
  async inIndexOrder(db, read) {
    await db.executeQuery(indexOrderOn);
    const result = await read();
    await db.executeQuery(indexOrderOff);
    return result;
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
