// Decorator metadata (inversify) must be readable before the contexts' classes load.
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@tickler/config';
import { daemonContexts, daemonMigrations } from '../daemon-contexts';
import { watchParent } from '../lifecycle/parent-watch';
import { MigrateError } from './migrate.error';
import { type MigrateReport, migrateDatabase } from './migrate-database';
import { parseMigrateRequest } from './migrate-request';
import { SchemaHistory } from './schema-versions';

/** The command-line spelling of each request field. */
const FLAGS = { from: '--from', to: '--to', schema: '--schema', batchSize: '--batch-size' };

/**
 * This daemon build's schema history: every composed context's migrations, read from the
 * contexts themselves (their configuration does not change their migrations; an unset admin
 * token is enough to build them).
 */
export function daemonSchemaHistory(): SchemaHistory {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new MigrateError(`bad configuration: ${error.message}`);
    }
    throw error;
  }
  return new SchemaHistory(daemonMigrations(daemonContexts(config, { current: () => undefined })));
}

/** Parses the words after `migrate`, or throws a {@link MigrateError} naming the flag. */
function requestOf(words: readonly string[]) {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...words],
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        schema: { type: 'string' },
        'batch-size': { type: 'string' },
        verbose: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new MigrateError((error as Error).message, 2);
  }
  const request = parseMigrateRequest(
    {
      from: values.from,
      to: values.to,
      schema: values.schema,
      batchSize: values['batch-size'],
    },
    (field) => FLAGS[field],
  );
  return { request, verbose: values.verbose === true };
}

/**
 * `tickler-daemon migrate --from <file> --to postgres://… [--schema s] [--batch-size n]
 * [--verbose]`: the copy of a stopped daemon's SQLite file into PostgreSQL, run by the daemon
 * build that knows the schema (`tickler migrate` starts it when no daemon is named). Prints the
 * report as one JSON line on stdout and exits 0, also when tables differ (the report says
 * which); a reason it could not copy is one `tickler: …` line on stderr, exit 1 (2: bad input).
 * With `--verbose`, each committed batch is a line on stderr. Stops when its parent dies.
 */
export async function runMigrate(words: readonly string[]): Promise<void> {
  const stopWatching = watchParent(() => process.exit(130));
  try {
    const { request, verbose } = requestOf(words);
    const report: MigrateReport = await migrateDatabase(
      {
        ...request,
        ...(verbose
          ? {
              onBatch: (table: string, copied: number, total: number) =>
                process.stderr.write(`tickler: ${table} ${copied}/${total} rows copied\n`),
            }
          : {}),
      },
      daemonSchemaHistory(),
    );
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } catch (error) {
    if (!(error instanceof MigrateError)) {
      throw error;
    }
    process.stderr.write(`tickler: ${error.message}\n`);
    process.exitCode = error.exitCode;
  } finally {
    stopWatching();
  }
}
