import { type Kysely } from 'kysely';

/** Which SQL engine a {@link Database} talks to; the few dialect differences key off it. */
export type DialectName = 'sqlite' | 'postgres';

/**
 * An open database shared by every context of one application: the domain tables and the
 * queue table live in it together so one transaction can cover both.
 */
export interface Database {
  readonly dialect: DialectName;
  /** Untyped handle; contexts view it through their own table types with {@link tablesOf}. */
  readonly kysely: Kysely<unknown>;
  /** Statement used to open a write transaction (`BEGIN IMMEDIATE` on SQLite). */
  readonly beginStatement: string;
  close(): Promise<void>;
}

/**
 * Views a database handle through a context's own table interfaces. `Kysely<DB>` is invariant,
 * so the composition root (not each query) pays for the cast, once, here.
 */
export function tablesOf<TTables>(db: Kysely<unknown>): Kysely<TTables> {
  return db as unknown as Kysely<TTables>;
}
