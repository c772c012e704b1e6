// Asserts the storage rule for instants in a migrated database file: every time column holds
// only `toIsoUtc` text (YYYY-MM-DDTHH:MM:SS.sssZ) and its text order equals its time order.
// Usage: npm run check:times -- <database-file>
import fs from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { isIsoUtc } from '@tickler/core/domain';

/** One value that breaks the rule. */
export interface TimeProblem {
  readonly table: string;
  readonly column: string;
  /** The offending stored value (text as found; non-text values are shown with their type). */
  readonly value: string;
  readonly reason: 'not-iso-utc' | 'text-order-differs-from-time-order';
}

export interface TimeCheckReport {
  /** Every `table.column` that was checked, and why it was taken for a time column. */
  readonly columns: readonly { table: string; column: string; detectedBy: 'name' | 'content' }[];
  readonly rowsChecked: number;
  readonly problems: readonly TimeProblem[];
}

/** Columns named like instants: `created_at`, `run_at`, `scheduled_for`, kysely's `timestamp`. */
const TIME_NAME = /(_at|_for)$|^timestamp$/i;
/** Text that tries to be a date-time (any offset or precision): catches columns with other names. */
const LOOKS_LIKE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;
/** Problems reported per column at most (the first ones are enough to find the writer). */
const MAX_PROBLEMS_PER_COLUMN = 20;

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : `${typeof value}: ${String(value)}`;
}

/** Checks one database file; throws only if it cannot be opened. */
export function checkTimes(file: string): TimeCheckReport {
  if (!fs.existsSync(file)) {
    throw new Error(`no such database file: ${file}`);
  }
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .pluck()
      .all() as string[];
    const columns: { table: string; column: string; detectedBy: 'name' | 'content' }[] = [];
    const problems: TimeProblem[] = [];
    let rowsChecked = 0;
    for (const table of tables) {
      const info = db.prepare(`pragma table_info(${quote(table)})`).all() as {
        name: string;
        type: string;
      }[];
      for (const { name } of info) {
        let detectedBy: 'name' | 'content' | undefined = TIME_NAME.test(name) ? 'name' : undefined;
        if (!detectedBy) {
          const sample = db
            .prepare(
              `select ${quote(name)} from ${quote(table)} where typeof(${quote(name)}) = 'text' limit 50`,
            )
            .pluck()
            .all() as string[];
          detectedBy = sample.some((v) => LOOKS_LIKE_TIME.test(v)) ? 'content' : undefined;
        }
        if (!detectedBy) {
          continue;
        }
        columns.push({ table, column: name, detectedBy });
        // Ordered by the stored text, exactly as due predicates and indexes compare it.
        const ordered = db
          .prepare(
            `select ${quote(name)} from ${quote(table)} where ${quote(name)} is not null order by ${quote(name)}`,
          )
          .pluck();
        let found = 0;
        let previousMs = Number.NEGATIVE_INFINITY;
        for (const value of ordered.iterate()) {
          rowsChecked++;
          if (found >= MAX_PROBLEMS_PER_COLUMN) {
            continue;
          }
          if (typeof value !== 'string' || !isIsoUtc(value)) {
            problems.push({ table, column: name, value: show(value), reason: 'not-iso-utc' });
            found++;
          }
          const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
          if (Number.isFinite(ms)) {
            if (ms < previousMs) {
              problems.push({
                table,
                column: name,
                value: show(value),
                reason: 'text-order-differs-from-time-order',
              });
              found++;
            }
            previousMs = Math.max(previousMs, ms);
          }
        }
      }
    }
    return { columns, rowsChecked, problems };
  } finally {
    db.close();
  }
}

/** The command line: prints the report, returns the exit code (0 ok, 1 problems, 2 usage). */
export function runCheckTimes(
  args: readonly string[],
  out: (line: string) => void = console.log,
): number {
  const [file] = args;
  if (!file || args.length !== 1) {
    out('usage: check-times <database-file>');
    return 2;
  }
  let report: TimeCheckReport;
  try {
    report = checkTimes(file);
  } catch (error) {
    out(`cannot check ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  for (const c of report.columns) {
    out(`checked ${c.table}.${c.column} (by ${c.detectedBy})`);
  }
  for (const p of report.problems) {
    out(`FAIL ${p.table}.${p.column}: ${JSON.stringify(p.value)} — ${p.reason}`);
  }
  out(
    `${report.columns.length} time columns, ${report.rowsChecked} values, ${report.problems.length} problems`,
  );
  return report.problems.length === 0 ? 0 : 1;
}

if (require.main === module) {
  process.exitCode = runCheckTimes(process.argv.slice(2));
}
