import path from 'node:path';
import { sql } from 'kysely';
import { type Child, killLeftovers, spawnFixture } from '@tickler/testing';
import { createTempDirectory, openTestDatabase, testBackend, type TempDirectory } from '../testing';

const WORKER = path.join(__dirname, '../../test/fixtures/migrate-worker.ts');
let dir: TempDirectory;
let children: Child[] = [];

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(() => {
  killLeftovers(children);
  dir.remove();
});

/**
 * A desktop app may start its sidecar twice at once on a new file: every process must come up,
 * each migration must run once, and none may see a half-built schema.
 */
describe('processes starting together on a new database file', () => {
  it('all start: migrations are serialised under a write lock and applied once', async () => {
    const file = dir.file('new.db');
    children = Array.from({ length: 4 }, () => spawnFixture(WORKER, [file]));
    await Promise.all(children.map((c) => c.line((l) => l === 'ready')));
    for (const child of children) {
      child.process.stdin.end('go\n');
    }
    const exits = await Promise.all(children.map((c) => c.exited));
    expect({ exits, stderr: children.map((c) => c.stderr()).filter(Boolean) }).toEqual({
      exits: children.map(() => ({ code: 0, signal: null })),
      stderr: [],
    });
    const check = await openTestDatabase({ file });
    const applied = await sql<{
      n: number;
    }>`select count(*) as n from race_schema_migrations`.execute(check.kysely);
    const tables =
      testBackend() === 'postgres'
        ? await sql<{
            n: number;
          }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name like 'race_schema_t%'`.execute(
            check.kysely,
          )
        : await sql<{
            n: number;
          }>`select count(*) as n from sqlite_master where type = 'table' and name like 'race_schema_t%'`.execute(
            check.kysely,
          );
    await check.close();
    expect(applied.rows[0]?.n).toBe(5);
    expect(tables.rows[0]?.n).toBe(5);
  }, 30_000);
});
