// SQLite only (jest.postgres.config.js): the lock files of openSqliteDatabase.
import fs from 'node:fs';
import path from 'node:path';
import { openSqliteDatabase } from '../database/sqlite-database';
import { silentLogger } from '../logger';
import { createTempDirectory, type TempDirectory } from '../testing';
import { instanceLockFolder } from './sqlite-instance-lock';

let dir: TempDirectory;
beforeEach(() => {
  dir = createTempDirectory();
});
afterEach(() => dir.remove());

describe('SQLite lock files', () => {
  it('live beside the database, folder 0700 and file 0600, and go away on release', async () => {
    const file = dir.file('app.db');
    const database = openSqliteDatabase({ file });
    const lock = await database.lockInstance('me-3', silentLogger);
    const folder = instanceLockFolder(file);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(folder, 'me-3.lock')).mode & 0o777).toBe(0o600);
    await lock.release();
    expect(fs.readdirSync(folder)).toEqual([]);
    await database.close();
  });

  it('a lock taken through a database is released when the database closes', async () => {
    const file = dir.file('app.db');
    const watcher = openSqliteDatabase({ file });
    const me = await watcher.lockInstance('watcher-2', silentLogger);
    const other = openSqliteDatabase({ file });
    await other.lockInstance('closing-1', silentLogger);
    expect(await me.deadAmong(['closing-1'])).toEqual([]);
    await other.close();
    expect(await me.deadAmong(['closing-1'])).toEqual(['closing-1']);
    await watcher.close();
  });

  it('an in-memory database has no other instance: every other id is dead', async () => {
    const database = openSqliteDatabase({ file: ':memory:' });
    const lock = await database.lockInstance('only-1', silentLogger);
    expect(await lock.deadAmong(['only-1', 'x'])).toEqual(['x']);
    expect((await lock.peers()).live.size).toBe(0);
    await database.close();
  });
});
