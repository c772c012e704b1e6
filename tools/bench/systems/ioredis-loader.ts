import { createRequire } from 'node:module';
import path from 'node:path';
import { UnavailableError } from './system.port';

/** The part of an ioredis client the bench uses (ioredis is BullMQ's optional peer). */
export interface RedisClient {
  connect(): Promise<void>;
  info(section: string): Promise<string>;
  quit(): Promise<unknown>;
  disconnect(): void;
}

export type RedisConstructor = new (options: Record<string, unknown>) => RedisClient;

/**
 * Where ioredis may live: the workspace (when it is a dev dependency), or a folder named by
 * `TICKLER_BENCH_PEER_MODULES` (a `node_modules` installed beside the repository, so the bench
 * can run before the dependency is added).
 */
export function loadIORedis(): RedisConstructor {
  const bases = [__filename];
  const extra = process.env.TICKLER_BENCH_PEER_MODULES ?? '/tmp/tickler-bench-peers/node_modules';
  bases.push(path.join(extra, 'noop.js'));
  for (const base of bases) {
    try {
      const mod = createRequire(base)('ioredis') as {
        default?: RedisConstructor;
      } & RedisConstructor;
      return mod.default ?? mod;
    } catch {
      // try the next place
    }
  }
  throw new UnavailableError(
    'ioredis (the Redis client BullMQ 6 needs as a peer) is not installed',
  );
}
