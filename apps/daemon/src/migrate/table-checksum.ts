import { createHash } from 'node:crypto';
import { type Row } from './source-tables';

/**
 * Row count and checksum of one table, the same on both back ends for the same rows: each row
 * is hashed (SHA-256 of its values as JSON, in column order; both drivers give numbers for
 * integer columns and text for the rest) and the hashes are XORed, so the sum does not depend
 * on the order rows are read in (SQLite and PostgreSQL sort text differently). Rows are unique
 * by key, so no two equal hashes cancel out.
 */
export class TableChecksum {
  private readonly sum = Buffer.alloc(32);
  /** Rows added so far. */
  rows = 0;

  constructor(private readonly columns: readonly string[]) {}

  /** Adds rows to the sum. */
  add(rows: readonly Row[]): void {
    for (const row of rows) {
      const values = JSON.stringify(this.columns.map((c) => row[c] ?? null));
      const hash = createHash('sha256').update(values).digest();
      for (let i = 0; i < 32; i++) {
        this.sum[i] = (this.sum[i] as number) ^ (hash[i] as number);
      }
      this.rows++;
    }
  }

  /** The checksum so far, as the first 16 hex digits of the sum (enough to tell tables apart). */
  hex(): string {
    return this.sum.toString('hex').slice(0, 16);
  }
}
