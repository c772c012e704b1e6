import { type ClaimableQuery, type LockableQuery, type SqlDialect } from './sql-dialect';

/** SQLite: one writer at a time (`begin immediate`), so every lock is already held. */
export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  notifiesOtherProcesses: false,
  lockRows: <Q extends LockableQuery<Q>>(query: Q): Q => query,
  claimRows: <Q extends ClaimableQuery<Q>>(query: Q): Q => query,
  lockForTransaction: () => Promise.resolve(),
  notify: () => Promise.resolve(),
  inIndexOrder: (_db, read) => read(),
  placeholder: () => '?',
  valuesList(columns, rows) {
    const one = `(${new Array<string>(columns).fill('?').join(', ')})`;
    return new Array<string>(rows).fill(one).join(', ');
  },
  fromValues: (expression) => expression,
  serialKeyType: 'integer',
  serialKeyAutoIncrement: true,
};
