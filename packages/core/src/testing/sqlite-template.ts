import fs from 'node:fs';
import path from 'node:path';
import { type BoundedContext } from '../context/bounded-context';
import { type Database } from '../database/database';
import { migrateContext } from '../database/migrations';
import { openSqliteDatabase } from '../database/sqlite-database';
import { migrationSets, templateDir, templateKey } from './template-key';

// Fast SQLite isolation for test apps (issue 30), the in-memory twin of schema-template.ts.
// Every app still gets its own fresh in-memory database; the first app of a run with a given
// set of contexts migrates one (migrateContext, the production path) and keeps its bytes
// (better-sqlite3's serialize), shared with the run's other jest workers through the templates
// folder, and every later app opens a copy of those bytes, where Application.create finds every
// migration applied. Measured (20 apps of the notifications context, one jest file): migrating
// ~45 ms of CPU per app, a copy of the migrated database ~15 ms.

/** Off with `TICKLER_TEST_SQLITE_TEMPLATE=off`: every app migrates its database itself. */
export function sqliteTemplatesEnabled(): boolean {
  return process.env.TICKLER_TEST_SQLITE_TEMPLATE !== 'off';
}

const images = new Map<string, Promise<Buffer>>();

/** Migrates a new in-memory database for `contexts` and returns its bytes. */
async function makeImage(contexts: readonly BoundedContext[]): Promise<Buffer> {
  const scratch = openSqliteDatabase({ file: ':memory:' });
  try {
    for (const [context, migrations] of migrationSets(contexts)) {
      await migrateContext(scratch.kysely, context, migrations, scratch.beginStatement);
    }
    if (scratch.serialize === undefined) {
      throw new Error('an in-memory SQLite database serializes');
    }
    return scratch.serialize();
  } finally {
    await scratch.close();
  }
}

/** The run's image for `contexts`: from this file's memory, the run's folder, or made now. */
function imageFor(contexts: readonly BoundedContext[]): Promise<Buffer> {
  const key = templateKey(migrationSets(contexts));
  let image = images.get(key);
  if (image === undefined) {
    image = (async () => {
      const dir = templateDir();
      const file = dir === undefined ? undefined : path.join(dir, `${key}.sqlite-image`);
      if (file !== undefined && fs.existsSync(file)) {
        return fs.readFileSync(file);
      }
      const made = await makeImage(contexts);
      if (file !== undefined) {
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        // Written aside and renamed: another worker never reads half an image.
        const partial = `${file}.${process.pid}`;
        fs.writeFileSync(partial, made, { mode: 0o600 });
        fs.renameSync(partial, file);
      }
      return made;
    })();
    images.set(key, image);
  }
  return image;
}

/** A fresh in-memory database for an app of `contexts`, migrated already (a template copy). */
export async function openSqliteFromTemplate(
  contexts: readonly BoundedContext[],
  busyTimeoutMs?: number,
): Promise<Database> {
  return openSqliteDatabase({
    file: ':memory:',
    image: await imageFor(contexts),
    ...(busyTimeoutMs !== undefined ? { busyTimeoutMs } : {}),
  });
}
