import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { testPostgresUrl } from '@tickler/testing';
import { type BoundedContext } from '../context/bounded-context';
import { type MigrationSet, migrateContext } from '../database/migrations';
import { migrationSets, templateDir, templateKey } from './template-key';

// Fast PostgreSQL isolation for test apps (issue 30). Every app a test makes still gets its own
// fresh schema, migrated exactly as today's code migrates it; what changes is how: the first app
// of a run with a given set of contexts migrates a template schema (migrateContext, the
// production path) and dumps it (`pg_dump`, tables and the rows migrations wrote); every later
// app replays that dump into its new schema in ONE statement, and Application.create then finds
// every migration applied. Measured at load 15–18 on the 2-core machine (interleaved, 8 apps
// each, notifications + auth): migrating 1.36 s median per app, replaying then creating 0.85 s
// (the DDL statement 0.43 s); a template database per app (`CREATE DATABASE … TEMPLATE`) took
// 0.85 s to create and open, plus 1.2–18 s to drop: slower. docs/testing.md has the figures.

/** The placeholder standing for the schema's name in a stored dump. */
const PLACEHOLDER = '__tickler_template_schema__';

const run = promisify(execFile);

/** Off with `TICKLER_TEST_PG_TEMPLATE=off`: every app migrates its schema itself, as before. */
export function schemaTemplatesEnabled(): boolean {
  return process.env.TICKLER_TEST_PG_TEMPLATE !== 'off';
}
const dumps = new Map<string, Promise<string | undefined>>();

/** Migrates a scratch schema with `sets` and returns its dump, the schema's name a placeholder. */
async function makeDump(key: string, sets: [string, MigrationSet][]): Promise<string> {
  const schema = `tpl_${key}_${process.pid}`;
  const pool = new pg.Pool({
    connectionString: testPostgresUrl(),
    options: `-c search_path=${schema}`,
    max: 1,
  });
  const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    await pool.query(`drop schema if exists ${schema} cascade`);
    await pool.query(`create schema ${schema}`);
    for (const [context, migrations] of sets) {
      await migrateContext(kysely, context, migrations);
    }
    // Its rows too (`--inserts`): the ledgers, and whatever a migration itself writes.
    const { stdout } = await run(
      'pg_dump',
      ['--dbname', testPostgresUrl(), '--schema', schema, '--inserts', '--no-owner'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql meta-commands (`\restrict`) are not SQL; pg_dump 15.14+ writes them.
    const ddl = stdout.replace(/^\\.*$/gm, '');
    return ddl.replaceAll(schema, PLACEHOLDER);
  } finally {
    await pool.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await kysely.destroy();
  }
}

/**
 * The run's dump for `sets`: from this file's memory, the run's folder (another worker made it),
 * or made now. Undefined when no dump can be made (no pg_dump): the caller migrates as before.
 */
function dumpFor(sets: [string, MigrationSet][]): Promise<string | undefined> {
  const key = templateKey(sets);
  let dump = dumps.get(key);
  if (dump === undefined) {
    dump = (async () => {
      const dir = templateDir();
      const file = dir === undefined ? undefined : path.join(dir, `${key}.sql`);
      if (file !== undefined && fs.existsSync(file)) {
        return fs.readFileSync(file, 'utf8');
      }
      try {
        const made = await makeDump(key, sets);
        if (file !== undefined) {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          const partial = `${file}.${process.pid}`;
          fs.writeFileSync(partial, made);
          fs.renameSync(partial, file);
        }
        return made;
      } catch {
        return undefined;
      }
    })();
    dumps.set(key, dump);
  }
  return dump;
}

/**
 * Creates `schema` as a migrated copy for an app of `contexts`, in one statement (one
 * transaction). Returns false, changing nothing, when there is no dump or the schema exists
 * already (a restart on the same file, or another process made it first): the app then
 * migrates, or finds its migrations applied, as before.
 */
export async function createSchemaFromTemplate(
  schema: string,
  contexts: readonly BoundedContext[],
): Promise<boolean> {
  const dump = await dumpFor(migrationSets(contexts));
  if (dump === undefined) {
    return false;
  }
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
    if (exists.rowCount !== 0) {
      return false;
    }
    await client.query(dump.replaceAll(PLACEHOLDER, schema));
    return true;
  } catch (error) {
    // 42P06 duplicate_schema, 23505 on pg_namespace: another process made it meanwhile.
    const code = (error as { code?: string }).code;
    if (code === '42P06' || code === '23505') {
      return false;
    }
    throw error;
  } finally {
    await client.end();
  }
}
