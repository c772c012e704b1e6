import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedImportWorker, ICS_IMPORT_WORKER_FILE } from './embedded-workers';

describe('embeddedImportWorker', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-workers-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

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
