import BetterSqlite3 from 'better-sqlite3';

/**
 * Back-end operations issued by this process (SQLite statements, Redis commands, Postgres
 * queries), counted at the client so one process's figure never includes another's.
 */
let ops = 0;

export function countOp(n = 1): void {
  ops += n;
}

export function clientOps(): number {
  return ops;
}

let sqlitePatched = false;

/**
 * Counts every SQLite statement executed in this process, whatever library issues it: wraps
 * better-sqlite3's statement methods (`run`, `get`, `all`, `iterate`) and `exec` once, on the
 * shared prototypes. Transactions count their BEGIN and COMMIT too.
 */
export function countSqliteStatements(): void {
  if (sqlitePatched) {
    return;
  }
  sqlitePatched = true;
  const probe = new BetterSqlite3(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    unknown
  >;
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = statementProto[method];
    if (typeof original === 'function') {
      statementProto[method] = function (this: unknown, ...args: unknown[]): unknown {
        ops++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  }
  const dbProto = Object.getPrototypeOf(probe) as Record<string, unknown>;
  const exec = dbProto.exec;
  if (typeof exec === 'function') {
    dbProto.exec = function (this: unknown, ...args: unknown[]): unknown {
      ops++;
      return (exec as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  probe.close();
}
