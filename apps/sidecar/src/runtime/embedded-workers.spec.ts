import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  embeddedImportWorker,
  embeddedSqliteModule,
  ICS_IMPORT_WORKER_FILE,
  SQLITE_WORKER_FILE,
} from './embedded-workers';

// A scratch folder standing for the bundle's own, one per test.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-workers-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embeddedImportWorker', () => {
  it('is undefined outside a bundle (tsc output: the worker file lies beside its importer)', () => {
    expect(embeddedImportWorker(dir)).toBeUndefined();
  });

  it("reads the worker's bundle beside the plain bundle, at each import", () => {
    const file = path.join(dir, ICS_IMPORT_WORKER_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'first');
    const source = embeddedImportWorker(dir);
    expect(source?.()).toBe('first');
    fs.writeFileSync(file, 'second');
    expect(source?.()).toBe('second');
  });
});

describe('embeddedSqliteModule', () => {
  it('is undefined outside a bundle (tsc output: require.resolve finds better-sqlite3)', () => {
    expect(embeddedSqliteModule(dir)).toBeUndefined();
  });

  it('gives the bundle beside the plain bundle and the addon file beside it', () => {
    const file = path.join(dir, SQLITE_WORKER_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'module.exports = 1;');
    const where = embeddedSqliteModule(dir)?.();
    expect(where).toMatchObject({ nativeBinding: path.join(dir, 'better_sqlite3.node') });
    expect(where && 'bundle' in where ? where.bundle() : undefined).toBe('module.exports = 1;');
  });
});
