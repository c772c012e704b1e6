import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Client } from 'pg';
import { loadIORedis } from './systems/ioredis-loader';
import { type MachineInfo } from './results.types';

export function machineInfo(): MachineInfo {
  return {
    nproc: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

function packageVersion(root: string, name: string): string | undefined {
  try {
    const json = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as { version?: string };
    return json.version;
  } catch {
    return undefined;
  }
}

/** Versions of every library and server in the comparison (servers only when reachable). */
export async function versions(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of [
    'better-sqlite3',
    'kysely',
    'plainjob',
    'bullmq',
    'pg-boss',
    'pg',
    'vega',
    'vega-lite',
  ]) {
    const v = packageVersion(root, name);
    if (v) {
      out[name] = v;
    }
  }
  try {
    const Redis = loadIORedis();
    const client = new Redis({
      host: '127.0.0.1',
      port: 6379,
      lazyConnect: true,
      connectTimeout: 1000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      await client.connect();
      const info = await client.info('server');
      out.redis = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
      out.ioredis = createRequireVersion('ioredis') ?? 'unknown';
    } finally {
      client.disconnect();
    }
  } catch {
    // not reachable: the system is reported "not run"
  }
  const pg = new Client({
    connectionString: 'postgres://postgres@127.0.0.1:5432/test',
    connectionTimeoutMillis: 1000,
  });
  try {
    await pg.connect();
    const r = await pg.query<{ server_version: string }>('show server_version');
    out.postgresql = r.rows[0]?.server_version ?? 'unknown';
  } catch {
    // not reachable
  } finally {
    await pg.end().catch(() => undefined);
  }
  out.sqlite = sqliteVersion();
  return out;
}

function createRequireVersion(name: string): string | undefined {
  const extra = process.env.TICKLER_BENCH_PEER_MODULES ?? '/tmp/tickler-bench-peers/node_modules';
  for (const dir of [path.join(__dirname, '../../../node_modules'), extra]) {
    try {
      return (
        JSON.parse(fs.readFileSync(path.join(dir, name, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
    } catch {
      // next
    }
  }
  return undefined;
}

function sqliteVersion(): string {
  const db = new BetterSqlite3(':memory:');
  const row = db.prepare('select sqlite_version() as v').get() as { v: string };
  db.close();
  return row.v;
}
