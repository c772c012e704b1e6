import { type Command, InvalidArgumentError, Option } from 'commander';
import { CliError } from '../cli.error';
import { type GlobalOptions } from '../command-context';
import { createOutput } from '../output/output';
import { renderTable } from '../output/table';

/** Rows per copy transaction: default, and the bounds `--batch-size` accepts. */
const BATCH = { default: 500, min: 1, max: 10_000 };
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function batchSize(text: string): number {
  const value = Number(text);
  if (!/^\d{1,5}$/.test(text) || value < BATCH.min || value > BATCH.max) {
    throw new InvalidArgumentError(`must be a whole number from ${BATCH.min} to ${BATCH.max}`);
  }
  return value;
}

function postgresUrl(text: string): string {
  if (text.length > 2048 || !/^postgres(ql)?:\/\/\S+$/.test(text)) {
    throw new InvalidArgumentError('must be a postgres:// URL (at most 2048 characters)');
  }
  return text;
}

function schemaName(text: string): string {
  if (!SCHEMA_NAME.test(text)) {
    throw new InvalidArgumentError('must be lowercase letters, digits or _ (at most 63)');
  }
  return text;
}

/**
 * `tickler migrate --from <sqlite file> --to postgres://…`: moving up from the desktop to a
 * server. Talks to both databases directly (no daemon); see docs/scaling.md.
 */
export function migrateCommand(program: Command): void {
  program
    .command('migrate')
    .description(
      "copy a stopped daemon's SQLite database into PostgreSQL (safe to re-run: copies only what is missing, then compares every table)",
    )
    .requiredOption('--from <file>', 'the SQLite database file (stop its daemon first)')
    .requiredOption(
      '--to <url>',
      'the PostgreSQL database, postgres://user@host:5432/db',
      postgresUrl,
    )
    .addOption(
      new Option('--schema <name>', "schema in that database (default: the server's)")
        .env('TICKLER_DATABASE_SCHEMA')
        .argParser(schemaName),
    )
    .addOption(
      new Option('--batch-size <rows>', 'rows per copy transaction')
        .default(BATCH.default)
        .argParser(batchSize),
    )
    .action(
      async (
        options: { from: string; to: string; schema?: string; batchSize: number },
        command: Command,
      ) => {
        const globals = command.optsWithGlobals<GlobalOptions>();
        const out = createOutput(globals.json);
        // Loaded here, not at the top: it brings the whole kernel and every context's
        // migrations (kysely, inversify, class-validator), which no other `tickler` run needs.
        const { migrateDatabase } = await import('../migrate/migrate-database.js');
        const report = await migrateDatabase({
          from: options.from,
          to: options.to,
          ...(options.schema !== undefined ? { schema: options.schema } : {}),
          batchSize: options.batchSize,
          ...(globals.verbose
            ? {
                onBatch: (table: string, copied: number, total: number) =>
                  process.stderr.write(`tickler: ${table} ${copied}/${total} rows copied\n`),
              }
            : {}),
        });
        out.result(report, () =>
          [
            renderTable(
              [
                'TABLE',
                'SOURCE ROWS',
                'TARGET ROWS',
                'COPIED',
                'SOURCE SUM',
                'TARGET SUM',
                'MATCH',
              ],
              report.tables.map((t) => [
                t.table,
                String(t.sourceRows),
                String(t.targetRows),
                String(t.copied),
                t.sourceChecksum,
                t.targetChecksum,
                t.match ? 'ok' : 'MISMATCH',
              ]),
            ),
            report.copied === 0
              ? `nothing new to copy: the target already held every row (schema version ${report.version})`
              : `copied ${report.copied} rows (schema version ${report.version})`,
          ].join('\n'),
        );
        if (!report.match) {
          const differ = report.tables.filter((t) => !t.match).map((t) => t.table);
          throw new CliError(`the target differs from the source in ${differ.join(', ')}`);
        }
      },
    );
}
