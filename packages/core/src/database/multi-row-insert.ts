import { CompiledQuery, type Kysely } from 'kysely';
import { type DialectName, dialectOf } from './database';
import { sqlDialectFor } from './dialect';

/** SQLite's default bound-parameter limit is 32,766 (PostgreSQL's 65,535); stay under both. */
const MAX_PARAMS = 30_000;
/**
 * Statement texts kept per insert. A drain sees one or two row counts (full batches and the
 * last one); the bound keeps odd sizes from piling up texts of thousands of placeholders.
 */
const TEXTS_KEPT = 16;

/** Where the statement text may vary with the dialect (e.g. a conflict clause). */
export type DialectText = string | ((dialect: DialectName) => string);

/** What a {@link MultiRowInsert} writes: the table, its columns in order, and what follows the VALUES list. */
export interface MultiRowInsertShape<Row> {
  /** Table name: a fixed identifier from code, never input. */
  readonly table: string;
  /** The columns written, in order; each row supplies a value (or `undefined` → NULL) for each. */
  readonly columns: readonly (keyof Row & string)[];
  /** Text after the VALUES list, e.g. `on conflict (a, b) do nothing returning a`. */
  readonly suffix?: DialectText;
}

/**
 * `INSERT INTO t (…) VALUES (…), (…), …` of many rows at once, with the SQL text built once per
 * (dialect, rows per statement) and only the values bound on each call. Why not kysely's
 * builder: it walks and compiles every value node of every row on every call (for a 500-row
 * batch that cost more CPU than SQLite's own insert, see docs/benchmarks.md); and why not one
 * statement per row: each one is a full trip through the driver.
 *
 * Rows beyond one statement's parameter budget go into further statements; the results come
 * back in order, one per statement.
 */
export class MultiRowInsert<Row extends object, Result = never> {
  private readonly texts = new Map<string, string>();
  readonly rowsPerStatement: number;

  constructor(private readonly shape: MultiRowInsertShape<Row>) {
    if (shape.columns.length === 0) {
      throw new RangeError(`multi-row insert into ${shape.table}: no columns`);
    }
    this.rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMS / shape.columns.length));
  }

  /** Inserts `rows` on `db` (a transaction's handle or the root); nothing for no rows. */
  async execute(db: Kysely<unknown>, rows: readonly Row[]): Promise<Result[]> {
    const dialect = dialectOf(db);
    const out: Result[] = [];
    for (let i = 0; i < rows.length; i += this.rowsPerStatement) {
      const chunk = rows.slice(i, i + this.rowsPerStatement);
      const result = await db.executeQuery<Result>(
        CompiledQuery.raw(this.textFor(dialect, chunk.length), this.paramsOf(chunk)),
      );
      out.push(...result.rows);
    }
    return out;
  }

  private paramsOf(rows: readonly Row[]): unknown[] {
    const columns = this.shape.columns;
    const params = new Array<unknown>(rows.length * columns.length);
    let p = 0;
    for (const row of rows) {
      for (const column of columns) {
        params[p++] = row[column] ?? null;
      }
    }
    return params;
  }

  private textFor(dialect: DialectName, rows: number): string {
    const key = `${dialect}:${rows}`;
    let text = this.texts.get(key);
    if (text === undefined) {
      const { table, columns, suffix } = this.shape;
      const tail = typeof suffix === 'function' ? suffix(dialect) : (suffix ?? '');
      text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${sqlDialectFor(dialect).valuesList(columns.length, rows)}${tail ? ` ${tail}` : ''}`;
      if (this.texts.size >= TEXTS_KEPT) {
        this.texts.clear();
      }
      this.texts.set(key, text);
    }
    return text;
  }
}
