import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createTempDirectory, type TempDirectory } from '../testing/temp-directory';
import { openSqliteDatabase } from './sqlite-database';

const dirs: TempDirectory[] = [];
function tempDirectory(prefix: string): string {
  const dir = createTempDirectory(prefix);
  dirs.push(dir);
  return dir.path;
}
afterAll(() => dirs.forEach((d) => d.remove()));

const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;

describe('database files are private to their owner', () => {
  it('creates the folder 0700 and the database, -wal and -shm 0600, whatever the umask', async () => {
    const root = tempDirectory('private-');
    const file = path.join(root, 'data', 'nested', 'tickler.db');
    const previous = process.umask(0o000);
    try {
      const db = openSqliteDatabase({ file });
      await sql`create table t (x integer)`.execute(db.kysely);
      await sql`insert into t values (1)`.execute(db.kysely);
      expect(modeOf(path.join(root, 'data'))).toBe(0o700);
      expect(modeOf(path.dirname(file))).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) {
        expect({ f: path.basename(f), mode: modeOf(f) }).toEqual({
          f: path.basename(f),
          mode: 0o600,
        });
      }
      await db.close();
    } finally {
      process.umask(previous);
    }
  });

  it('tightens a database file an earlier version left readable by others', async () => {
    const file = path.join(tempDirectory('private-'), 'tickler.db');
    const first = openSqliteDatabase({ file });
    await first.close();
    fs.chmodSync(file, 0o644);
    const again = openSqliteDatabase({ file });
    await sql`select 1`.execute(again.kysely);
    expect(modeOf(file)).toBe(0o600);
    await again.close();
  });
});
