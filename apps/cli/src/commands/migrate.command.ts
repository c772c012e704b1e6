import { type Command, Option } from 'commander';
import { CliError } from '../cli.error';
import { DaemonClient } from '../client/daemon-client';
import { describeConnection, resolveConnection } from '../client/connection';
import { type GlobalOptions } from '../command-context';
import { type MigrateAsk, type MigrateReport, migrateInChild } from '../migrate/daemon-migrate';
import { createOutput } from '../output/output';
import { renderTable } from '../output/table';

/**
 * The copy, done by the daemon: the one named by `--daemon` / `TICKLER_URL` is asked over
 * `POST /v1/admin/migrate` (admin token); with none named, the daemon build's own `migrate`
 * subcommand runs as a child process. Either way the daemon's contexts bring the schema.
 */
async function askDaemon(ask: MigrateAsk, globals: GlobalOptions): Promise<MigrateReport | number> {
  if (globals.daemon === undefined && !process.env.TICKLER_URL) {
    return migrateInChild(ask, globals.verbose);
  }
  const connection = resolveConnection({ daemon: globals.daemon, token: globals.token });
  if (globals.verbose) {
    process.stderr.write(`tickler: daemon ${describeConnection(connection)}\n`);
  }
  return new DaemonClient(connection).call<MigrateReport>('POST', '/v1/admin/migrate', {
    from: ask.from,
    to: ask.to,
    ...(ask.schema !== undefined ? { schema: ask.schema } : {}),
    ...(ask.batchSize !== undefined ? { batchSize: Number(ask.batchSize) } : {}),
  });
}

/**
 * `tickler migrate --from <sqlite file> --to postgres://…`: moving up from the desktop to a
 * server. The daemon does the copy (it knows every context's schema); see docs/operations.md.
 */
export function migrateCommand(program: Command): void {
  program
    .command('migrate')
    .description(
      "copy a stopped daemon's SQLite database into PostgreSQL (safe to re-run: copies only what is missing, then compares every table)",
    )
    .requiredOption('--from <file>', 'the SQLite database file (stop its daemon first)')
    .requiredOption('--to <url>', 'the PostgreSQL database, postgres://user@host:5432/db')
    .addOption(
      new Option('--schema <name>', "schema in that database (default: the server's)").env(
        'TICKLER_DATABASE_SCHEMA',
      ),
    )
    .addOption(new Option('--batch-size <rows>', 'rows per copy transaction (default 500)'))
    .action(
      async (
        options: { from: string; to: string; schema?: string; batchSize?: string },
        command: Command,
      ) => {
        const globals = command.optsWithGlobals<GlobalOptions>();
        const out = createOutput(globals.json);
        const report = await askDaemon(options, globals);
        if (typeof report === 'number') {
          process.exitCode = report;
          return;
        }
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
