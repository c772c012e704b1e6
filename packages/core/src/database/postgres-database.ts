import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type InstanceLock } from '../instance/instance-lock';
import { PostgresInstanceLock } from '../instance/postgres-instance-lock';
import { type Database, type WakeUpChannel } from './database';
import { PostgresWakeUpChannel } from './postgres-wake-up-channel';

/** Options for {@link openPostgresDatabase}. */
export interface PostgresOptions {
  /** `postgres://user@host:port/db`. Either this or `pool` (or both: `pool` refines it). */
  connectionString?: string;
  /** Extra `pg` pool settings (host, user, password, ssl…). `types` and `options` are ours. */
  pool?: Omit<pg.PoolConfig, 'types' | 'options'>;
  /**
   * Schema holding every table (created if missing), set as the `search_path` of each
   * connection. Default: the server's (`public`). Letters, digits and `_` only.
   */
  schema?: string;
  /** Connections in the pool. Default 10: queue concurrency (8) plus room for HTTP reads. */
  maxConnections?: number;
  /**
   * Called with the text of every statement the pool runs (each one a round trip), `begin` and
   * `commit` included: tests count statements per batch with it. Not the LISTEN connection's.
   */
  onStatement?: (sqlText: string) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** `int8` (counts, `bigint` columns) and `numeric`: pg returns them as strings by default. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

function toSafeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value)) {
    throw new RangeError(`postgres: ${text} does not fit a JavaScript number`);
  }
  return value;
}

function toSafeInteger(text: string): number {
  const value = Number(text);
  // Our int8 columns hold milliseconds and counters; losing precision silently would be worse than failing.
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`postgres: int8 ${text} is beyond Number.MAX_SAFE_INTEGER`);
  }
  return value;
}

/**
 * Per-pool type parsers (not `pg.types.setTypeParser`, which is process-wide): columns our
 * table types declare as `number` come back as numbers on both back ends. Times are TEXT
 * (ISO UTC) everywhere, so no date parser is involved.
 */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (format !== 'binary' && oid === INT8_OID) {
      return toSafeInteger;
    }
    if (format !== 'binary' && oid === NUMERIC_OID) {
      return toSafeNumber;
    }
    return pg.types.getTypeParser(oid, (format ?? 'text') as 'text') as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Connection settings shared by the pool and the dedicated LISTEN connection. */
function clientConfig(options: PostgresOptions): pg.ClientConfig {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`postgres schema "${options.schema}" must be lowercase letters, digits or _`);
  }
  return {
    ...(options.connectionString !== undefined
      ? { connectionString: options.connectionString }
      : {}),
    ...options.pool,
    types: TYPES,
    ...(options.schema !== undefined ? { options: `-c search_path=${options.schema}` } : {}),
  };
}

/**
 * Opens a PostgreSQL database for the whole application (scale-out: several processes share
 * it). Transactions open with plain `begin` (read committed): claims use `FOR UPDATE SKIP
 * LOCKED` and every state change is a status-guarded UPDATE, so a stricter isolation level
 * would only add serialization failures. Checks the connection (and creates `schema`) before
 * returning, so a wrong URL fails at start-up, not at the first request.
 */
export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const config = clientConfig(options);
  if (options.schema !== undefined) {
    await ensureSchema(config, options.schema);
  }
  const pool = new pg.Pool({ ...config, max: options.maxConnections ?? options.pool?.max ?? 10 });
  // An idle client losing its server connection emits 'error' on the pool; without a listener
  // that would crash the process. The next checkout simply opens a new connection.
  pool.on('error', () => undefined);
  // A client checked out (a transaction between two statements) has no pool listener: the
  // server restarting then emitted 'error' on the client and crashed every daemon (torture
  // scenario 15). Its statement fails instead, and the pool drops the broken client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const onStatement = options.onStatement;
  const kysely = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool }),
    ...(onStatement
      ? {
          log: (event: LogEvent) => {
            if (event.level === 'query') {
              onStatement(event.query.sql);
            }
          },
        }
      : {}),
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const wakeUps: WakeUpChannel = new PostgresWakeUpChannel(config, wakeChannelName(options.schema));
  let closing: Promise<void> | undefined;
  const locks: InstanceLock[] = [];
  return {
    dialect: 'postgres',
    kysely,
    beginStatement: 'begin',
    wakeUps,
    lockInstance: async (id, logger) => {
      const lock = await PostgresInstanceLock.acquire(config, kysely, id, logger);
      locks.push(lock);
      return lock;
    },
    close: () =>
      (closing ??= (async () => {
        await Promise.all(locks.splice(0).map((lock) => lock.release()));
        await kysely.destroy();
      })()),
  };
}

/**
 * NOTIFY channels are per database, not per schema: processes on different schemas of one
 * database (tests, or several tenants) must not wake each other, so a named schema gets its
 * own channel. The default is the plain `tickler_queue`.
 */
function wakeChannelName(schema: string | undefined): string {
  return schema === undefined || schema === 'public'
    ? 'tickler_queue'
    : `tickler_queue_${schema}`.slice(0, 63);
}

async function ensureSchema(config: pg.ClientConfig, schema: string): Promise<void> {
  const client = new pg.Client({ ...config, options: undefined });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${schema}`);
  } catch (error) {
    // Two processes creating it at once: one loses on the catalog's unique index, and that is fine.
    if (!isUniqueViolation(error)) {
      throw error;
    }
  } finally {
    await client.end();
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === '23505' || error.code === '42P06')
  );
}
