import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type Logger } from '../logger';
import { type InstanceLock, type Peers } from './instance-lock';

/**
 * The advisory-lock namespace of one schema: two-key locks `(hashtext(<schema>/tickler.instance),
 * hashtext(<instance id>))`, so test schemas (and tenants) sharing a server never see each
 * other's instances. Evaluated by the server with the connection's `search_path`.
 */
const NAMESPACE = sql<number>`hashtext(current_schema() || '/tickler.instance')`;
/** The same keys as pg_locks shows them (oid columns: the int4 read as unsigned). */
const AS_OID = (key: ReturnType<typeof sql>) => sql`(${key}::bigint & 4294967295)::oid`;
/** First and longest wait before re-taking a lock whose connection was lost, in ms. */
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

/** Advisory locks of this schema's namespace held right now (granted, this database). */
function heldLocks(db: Kysely<unknown>) {
  return sql<{ objid: string }>`
    select objid::text as objid from pg_locks
    where locktype = 'advisory' and granted and objsubid = 2
      and database = (select oid from pg_database where datname = current_database())
      and classid = ${AS_OID(NAMESPACE)}`.execute(db);
}

/**
 * PostgreSQL's instance lock: a session advisory lock on a dedicated connection (outside the
 * pool, which would hand it to transactions). The server releases it when that session ends —
 * the process died, or its connection did. Liveness of others is read from `pg_locks`. A lost
 * connection is re-opened and the lock re-taken under the same id (meanwhile others may take
 * our claims; every settle is fenced by its lease token, so that costs a repeat, never a
 * double settle). ADR 0004.
 */
export class PostgresInstanceLock implements InstanceLock {
  private client: pg.Client | undefined;
  private released = false;
  private retry: NodeJS.Timeout | undefined;
  private delay = RETRY_MIN_MS;
  /** pg_locks' objid of our own lock (to leave ourselves out of `peers`). */
  private ownKey = '';

  private constructor(
    readonly id: string,
    private readonly config: pg.ClientConfig,
    private readonly pool: Kysely<unknown>,
    private readonly logger: Logger,
  ) {}

  /**
   * Takes the lock for `id` on a new connection. Fails if another live instance holds the same
   * key (a hash collision of two ids): the caller picks another id.
   */
  static async acquire(
    config: pg.ClientConfig,
    pool: Kysely<unknown>,
    id: string,
    logger: Logger,
  ): Promise<PostgresInstanceLock> {
    const lock = new PostgresInstanceLock(id, config, pool, logger);
    await lock.take();
    return lock;
  }

  async deadAmong(ids: readonly string[]): Promise<string[]> {
    const others = ids.filter((id) => id !== this.id);
    if (others.length === 0) {
      return [];
    }
    const { rows } = await sql<{ id: string }>`
      select i.id from unnest(cast(${others} as text[])) as i(id)
      where not exists (
        select 1 from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.database = (select oid from pg_database where datname = current_database())
          and l.classid = ${AS_OID(NAMESPACE)}
          and l.objid = ${AS_OID(sql`hashtext(i.id)`)})`.execute(this.pool);
    return rows.map((r) => r.id);
  }

  async peers(): Promise<Peers> {
    const { rows } = await heldLocks(this.pool);
    return {
      live: new Set(rows.map((r) => r.objid).filter((key) => key !== this.ownKey)),
      dead: [],
    };
  }

  forget(): Promise<void> {
    return Promise.resolve();
  }

  async release(): Promise<void> {
    this.released = true;
    if (this.retry) {
      clearTimeout(this.retry);
    }
    const client = this.client;
    this.client = undefined;
    // Ending the session releases the lock; no unlock statement needed.
    await client?.end().catch(() => undefined);
  }

  private async take(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    try {
      const { rows } = await client.query<{ ok: boolean; key: string }>(
        `select pg_try_advisory_lock(hashtext(current_schema() || '/tickler.instance'), hashtext($1)) as ok,
                ((hashtext($1)::bigint & 4294967295)::oid)::text as key`,
        [this.id],
      );
      if (rows[0]?.ok !== true) {
        throw new Error(`instance lock ${this.id} is held by another session`);
      }
      this.ownKey = rows[0].key;
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.released) {
      // Released while this (re)take was under way: let go at once.
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.delay = RETRY_MIN_MS;
  }

  private lost(client: pg.Client): void {
    if (this.released || this.client !== client) {
      return;
    }
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.logger.warn({ instance: this.id }, 'instance lock connection lost; taking it again');
    this.scheduleRetake();
  }

  private scheduleRetake(): void {
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.take().catch((error: unknown) => {
        this.logger.warn({ err: error, instance: this.id }, 'cannot take the instance lock yet');
        if (!this.released) {
          this.scheduleRetake();
        }
      });
    }, this.delay);
    // A pending retry must not keep a stopping process alive.
    this.retry.unref();
    this.delay = Math.min(this.delay * 2, RETRY_MAX_MS);
  }
}
