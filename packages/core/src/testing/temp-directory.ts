import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A throwaway folder for database files of one test; `remove` deletes it and everything in it. */
export interface TempDirectory {
  readonly path: string;
  /** Path of a file inside the folder (not created). */
  file(name: string): string;
  remove(): void;
}

/** Creates a fresh folder under the OS temp dir (integration tests on a real SQLite file). */
export function createTempDirectory(prefix = 'tickler-test-'): TempDirectory {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    path: dir,
    file: (name) => path.join(dir, name),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
