import fs from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { type Database, migrateContext, openPostgresDatabase } from '@tickler/core';
import { MigrateError } from './migrate.error';
import { checkVersions, type SchemaHistory, versionOf } from './schema-versions';
import {
  asCopied,
  readPages,
  type Row,
  type SourceTable,
  sourceMigrations,
  sourceTables,
} from './source-tables';
import { TableChecksum } from './table-checksum';
import { VAPID_TABLE, vapidRowBeside } from './vapid-key-file';
import {
  advanceSequences,
  inForeignKeyOrder,
  insertBatch,
  targetColumns,
  targetMigrations,
  targetPages,
} from './target-tables';

/** What `tickler migrate` is asked to do. */
export interface MigrateRequest {
  /** The SQLite file (its daemon stopped). */
  readonly from: string;
  /** `postgres://…` of the server database. */
  readonly to: string;
  /** Schema in that database (created if missing); the server's default when absent. */
  readonly schema?: string;
  /** Rows per copy transaction. */
  readonly batchSize: number;
  /** Told after each committed batch (table, rows of it copied so far by this run). */
  readonly onBatch?: (table: string, copied: number, total: number) => void;
}

/** One table's comparison after the copy. */
export interface TableReport {
  readonly table: string;
  readonly sourceRows: number;
  readonly targetRows: number;
  /** Rows this run inserted (0 for rows an earlier run copied). */
  readonly copied: number;
  readonly sourceChecksum: string;
  readonly targetChecksum: string;
  readonly match: boolean;
}

/** The outcome of one run. */
export interface MigrateReport {
  /** The schema version both databases are at (their newest migration). */
  readonly version: string;
  readonly copied: number;
  readonly tables: readonly TableReport[];
  readonly match: boolean;
}

/** `postgres://user:secret@host/db` with the password hidden, for error lines. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

function openSource(file: string): BetterSqlite3.Database {
  if (!fs.existsSync(file)) {
    throw new MigrateError(`no SQLite database at ${file}`, 2);
  }
  try {
    const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    throw new MigrateError(`cannot open ${file} as SQLite: ${(error as Error).message}`);
  }
}

/**
 * Copies a desktop SQLite database into a PostgreSQL schema: checks the versions, brings the
 * target's tables up to date with `history` (the daemon's contexts' migrations, advisory-locked),
 * copies every table in batches (one transaction each, rows already there skipped: a second
 * run or a run after a kill inserts only what is missing), then counts and checksums every
 * table on both sides. The source is read in one transaction, so its rows are one snapshot.
 */
export async function migrateDatabase(
  request: MigrateRequest,
  history: SchemaHistory,
): Promise<MigrateReport> {
  const source = openSource(request.from);
  let target: Database | undefined;
  try {
    let applied: Set<string>;
    try {
      source.exec('begin');
      applied = sourceMigrations(source, history.ledgers);
    } catch (error) {
      throw new MigrateError(`cannot read ${request.from} as SQLite: ${(error as Error).message}`);
    }
    if (applied.size === 0) {
      throw new MigrateError(`${request.from} is not a Tickler database (no migration ledger)`);
    }
    let onTarget: Set<string>;
    try {
      target = await openPostgresDatabase({
        connectionString: request.to,
        ...(request.schema !== undefined ? { schema: request.schema } : {}),
        maxConnections: 2,
      });
      onTarget = await targetMigrations(target.kysely, history.ledgers);
    } catch (error) {
      throw new MigrateError(
        `cannot use PostgreSQL at ${safeUrl(request.to)}: ${(error as Error).message}`,
      );
    }
    const db = target.kysely;
    checkVersions(applied, onTarget, history.known);
    for (const { context, migrations } of history.contexts) {
      await migrateContext(db, context, migrations, target.beginStatement);
    }
    const columns = await targetColumns(db);
    const tables = sourceTables(source, history.ledgers);
    for (const table of tables) {
      const missing = table.columns.filter((c) => !columns.get(table.name)?.has(c));
      if (missing.length > 0) {
        throw new MigrateError(
          `the target has no ${table.name}.${missing.join(', ')} to copy into`,
        );
      }
    }
    const vapid = vapidRowBeside(request.from);
    // The source's rows as written to the target: claims ended, and on a SQLite daemon the
    // push key pair from its file (the table there is empty).
    function* pagesOf(table: SourceTable): Generator<Row[]> {
      let any = false;
      for (const page of readPages(source, table)) {
        any = true;
        yield page.map((r) => asCopied(table.name, r));
      }
      if (!any && table.name === VAPID_TABLE && vapid !== undefined) {
        yield [vapid];
      }
    }
    const copied = new Map<string, number>();
    for (const table of await inForeignKeyOrder(db, tables)) {
      const total = Number(source.prepare(`select count(*) from "${table.name}"`).pluck().get());
      let inserted = 0;
      let read = 0;
      for (const page of pagesOf(table)) {
        for (let at = 0; at < page.length; at += request.batchSize) {
          const batch = page.slice(at, at + request.batchSize);
          inserted += await insertBatch(db, table, batch);
          read += batch.length;
          request.onBatch?.(table.name, read, total);
        }
      }
      copied.set(table.name, inserted);
    }
    await advanceSequences(db, new Set(tables.map((t) => t.name)));

    const reports: TableReport[] = [];
    for (const table of tables) {
      const fromSource = new TableChecksum(table.columns);
      for (const page of pagesOf(table)) {
        fromSource.add(page);
      }
      const fromTarget = new TableChecksum(table.columns);
      for await (const page of targetPages(db, table)) {
        fromTarget.add(page);
      }
      reports.push({
        table: table.name,
        sourceRows: fromSource.rows,
        targetRows: fromTarget.rows,
        copied: copied.get(table.name) ?? 0,
        sourceChecksum: fromSource.hex(),
        targetChecksum: fromTarget.hex(),
        match: fromSource.rows === fromTarget.rows && fromSource.hex() === fromTarget.hex(),
      });
    }
    return {
      version: versionOf(applied),
      copied: reports.reduce((sum, r) => sum + r.copied, 0),
      tables: reports,
      match: reports.every((r) => r.match),
    };
  } finally {
    if (source.inTransaction) {
      source.exec('rollback');
    }
    source.close();
    await target?.close();
  }
}
