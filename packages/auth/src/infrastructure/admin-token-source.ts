import fs from 'node:fs';
import { type AdminTokenSource } from '../application/ports/admin-token.port';
import { type AdminToken, readTokenFile } from './admin-token-file';

/** What identifies one version of a file: replaced (rename) or rewritten in place. */
function versionOf(stat: fs.Stats): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

/**
 * The admin token in force, re-read when `admin.token` changes: rotating it is writing a new
 * token into the file (`tickler token rotate-admin` does it atomically); the next request sees
 * it, no restart. One `stat` per authenticated admin check. A file that becomes unusable (too
 * short, readable by others, removed) fails closed — no admin token until it is fixed — and is
 * reported once per change through `onProblem`. A token from the environment never changes.
 */
export class AdminTokenFileSource implements AdminTokenSource {
  private readonly file: string | undefined;
  private version: string | undefined;
  private token: string | undefined;

  constructor(
    initial: AdminToken,
    private readonly onProblem: (message: string) => void = () => undefined,
  ) {
    this.token = initial.token;
    this.file =
      initial.source === 'file' || initial.source === 'generated' ? initial.file : undefined;
    if (this.file !== undefined) {
      this.version = versionOf(fs.statSync(this.file));
    }
  }

  current(): string | undefined {
    if (this.file === undefined) {
      return this.token;
    }
    const stat = fs.statSync(this.file, { throwIfNoEntry: false });
    const version = stat === undefined ? 'missing' : versionOf(stat);
    if (version !== this.version) {
      this.version = version;
      try {
        if (stat === undefined) {
          throw new Error(`${this.file} was removed`);
        }
        this.token = readTokenFile(this.file);
      } catch (error) {
        this.token = undefined;
        this.onProblem(`admin token refused until fixed: ${(error as Error).message}`);
      }
    }
    return this.token;
  }
}
