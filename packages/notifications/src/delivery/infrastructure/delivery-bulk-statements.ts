import { dialectOf, type DialectName, sqlDialectFor } from '@tickler/core';
import { CompiledQuery, type Kysely } from 'kysely';
import {
  type DeliveryRow,
  type NewDeliveryRow,
} from '../../shared/infrastructure/notifications.tables';
import { bodyRowOf, DELIVERY_STATE_COLUMNS, stateRowOf } from './notification-delivery.mapper';

/**
 * Multi-row statements for reconcile, as pre-compiled SQL. Why not kysely's builder: a 1,000-row
 * chunk is ~26,000 value nodes that kysely walks and compiles on every call, which costs more
 * than SQLite's own insert; the text here is built once per chunk size and the values bound.
 * Identifiers come from the mapper's fixed column list, never from input.
 *
 * PostgreSQL differs in two ways: numbered placeholders (`$1`), and a VALUES list types its
 * bound values as text, so non-text columns need a cast where they are copied from it.
 */

/** The two tables a delivery is written to (its state row and its body row). */
export type DeliveryTable = 'notification_deliveries' | 'notification_bodies';
/** SQLite's default bound-parameter limit is 32,766; stay well under it. */
const MAX_PARAMS = 30_000;

/** Non-text columns of the two tables (PostgreSQL casts these out of a VALUES list). */
const COLUMN_TYPES: Partial<Record<keyof NewDeliveryRow, string>> = {
  attempts: 'integer',
  escalate_after_ms: 'integer',
};

function placeholders(columns: number, rows: number, dialect: DialectName): string {
  return sqlDialectFor(dialect).valuesList(columns, rows);
}

/** The placeholder of the `n`-th (1-based) parameter. */
function placeholder(n: number, dialect: DialectName): string {
  return sqlDialectFor(dialect).placeholder(n);
}

/** `v.<column>`, cast to the column's type where the dialect needs it and it is not text. */
function fromValues(column: keyof NewDeliveryRow, dialect: DialectName): string {
  const type = COLUMN_TYPES[column];
  return type === undefined
    ? `v.${column}`
    : sqlDialectFor(dialect).fromValues(`v.${column}`, type);
}

/**
 * Nullable columns without a default: an INSERT that leaves one out stores NULL, exactly as
 * binding null does. A new delivery has about half its columns null (no outcome,
 * source or window yet); leaving out the ones null in every row of a statement halves the
 * values bound per row. A column added later with a default must not be listed here.
 */
export const NULL_WHEN_OMITTED: ReadonlySet<keyof NewDeliveryRow> = new Set<keyof NewDeliveryRow>([
  'url',
  'scheduled_at',
  'last_error',
  'sent_at',
  'inbox_id',
  'source_app',
  'source_key',
  'source_collection',
  'source_id',
  'source_rule',
  'idempotency_key',
  'event_at',
  'expires_at',
  'missed_reason',
  'due_at',
  'channels',
  'snoozed_from',
  'deferred_from',
  'digest_id',
  'escalate_after_ms',
  'escalate_channel',
  'fallback_channel',
]);

/** Rows per statement for `columns` bound values each. */
export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(MAX_PARAMS / columns));
}

/**
 * `INSERT INTO <table> (...) VALUES (...), (...)` for these rows (all of one shape: the state or
 * the body rows of a chunk).
 */
export function insertRows(
  table: DeliveryTable,
  rows: readonly Partial<NewDeliveryRow>[],
  dialect: DialectName = 'sqlite',
): CompiledQuery {
  const first = rows[0];
  if (first === undefined) {
    throw new RangeError('insertRows needs at least one row');
  }
  const columns = (Object.keys(first) as (keyof NewDeliveryRow)[]).filter(
    (column) =>
      !NULL_WHEN_OMITTED.has(column) ||
      rows.some((row) => row[column] !== null && row[column] !== undefined),
  );
  const params: unknown[] = [];
  for (const row of rows) {
    for (const column of columns) {
      params.push(row[column] ?? null);
    }
  }
  return CompiledQuery.raw(insertText(table, columns, rows.length, dialect), params);
}

/** Statement texts by dialect, columns and row count; a bulk call reuses one or two sizes. */
const insertTexts = new Map<string, string>();
const MAX_INSERT_TEXTS = 64;

/**
 * The INSERT text for `rows` rows, built once per shape: a 1,000-row text is ~60 KB, and a
 * fresh string each call cost its building plus hashing it again in the prepared-statement
 * cache's lookup; the same string object is hashed once.
 */
function insertText(
  table: DeliveryTable,
  columns: readonly string[],
  rows: number,
  dialect: DialectName,
): string {
  const key = `${dialect} ${table} ${rows} ${columns.join(',')}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    text = `insert into ${table} (${columns.join(', ')}) values ${placeholders(columns.length, rows, dialect)}`;
    if (insertTexts.size >= MAX_INSERT_TEXTS) {
      insertTexts.clear();
    }
    insertTexts.set(key, text);
  }
  return text;
}

/**
 * One UPDATE of `table` writing every column but `id`/`created_at` of these rows from a VALUES
 * list; on the state table each row only if it is still in `expectedStatus` (the body table has
 * no status: its caller passes only rows whose state update matched). RETURNING the ids it
 * changed lets the caller check the row count per row.
 */
export function updateRows(
  table: DeliveryTable,
  rows: readonly Partial<NewDeliveryRow>[],
  expectedStatus: string | null,
  dialect: DialectName = 'sqlite',
): CompiledQuery<{ id: string }> {
  const first = rows[0];
  if (first === undefined) {
    throw new RangeError('updateRows needs at least one row');
  }
  const columns = (Object.keys(first) as (keyof NewDeliveryRow)[]).filter(
    (c) => c !== 'id' && c !== 'created_at',
  );
  const params: unknown[] = [];
  for (const row of rows) {
    params.push(row.id);
    for (const column of columns) {
      params.push(row[column] ?? null);
    }
  }
  let guard = '';
  if (expectedStatus !== null) {
    params.push(expectedStatus);
    guard = ` and ${table}.status = ${placeholder(rows.length * (columns.length + 1) + 1, dialect)}`;
  }
  const text =
    `with v (id, ${columns.join(', ')}) as (values ${placeholders(columns.length + 1, rows.length, dialect)}) ` +
    `update ${table} set ${columns.map((c) => `${c} = ${fromValues(c, dialect)}`).join(', ')} from v ` +
    `where ${table}.id = v.id${guard}` +
    ` returning ${table}.id as id`;
  return CompiledQuery.raw(text, params);
}

/** Rows per chunk of a bulk write: sized for the wider of the two tables (the state row). */
const CHUNK = rowsPerStatement(DELIVERY_STATE_COLUMNS.length);

/** Writes whole delivery rows as their state and body rows: two multi-row INSERTs per chunk. */
export async function insertDeliveries(
  db: Kysely<unknown>,
  rows: readonly DeliveryRow[],
): Promise<void> {
  const dialect = dialectOf(db);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const slice = rows.slice(i, i + CHUNK);
    await db.executeQuery(insertRows('notification_deliveries', slice.map(stateRowOf), dialect));
    await db.executeQuery(insertRows('notification_bodies', slice.map(bodyRowOf), dialect));
  }
}

/**
 * Rewrites whole delivery rows still in `expectedStatus`: one UPDATE of the state rows per chunk,
 * then one of the bodies of only the rows it matched. Returns the ids updated.
 */
export async function updateDeliveries(
  db: Kysely<unknown>,
  rows: readonly DeliveryRow[],
  expectedStatus: string,
): Promise<string[]> {
  const dialect = dialectOf(db);
  const updated: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const slice = rows.slice(i, i + CHUNK);
    const states = updateRows(
      'notification_deliveries',
      slice.map(stateRowOf),
      expectedStatus,
      dialect,
    );
    const matched = new Set((await db.executeQuery(states)).rows.map((r) => r.id));
    const bodies = slice.filter((r) => matched.has(r.id)).map(bodyRowOf);
    if (bodies.length > 0) {
      await db.executeQuery(updateRows('notification_bodies', bodies, null, dialect));
    }
    updated.push(...matched);
  }
  return updated;
}
