import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Client } from 'pg';
import { peersDir } from './peer-modules';
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
  for (const base of [path.join(root, 'node_modules'), path.join(peersDir(), 'node_modules')]) {
    try {
      const json = JSON.parse(fs.readFileSync(path.join(base, name, 'package.json'), 'utf8')) as {
        version?: string;
      };
      return json.version;
    } catch {
      // not in this folder: try the bench's peers
    }
  }
  return undefined;
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
    'graphile-worker',
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
      out.ioredis = packageVersion(root, 'ioredis') ?? 'unknown';
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

function sqliteVersion(): string {
  const db = new BetterSqlite3(':memory:');
  const row = db.prepare('select sqlite_version() as v').get() as { v: string };
  db.close();
  return row.v;
}
