import { requirePeer } from '../peer-modules';
import { UnavailableError } from './system.port';

/** The part of an ioredis client the bench uses (ioredis is BullMQ's optional peer). */
export interface RedisClient {
  connect(): Promise<void>;
  info(section: string): Promise<string>;
  quit(): Promise<unknown>;
  disconnect(): void;
}

export type RedisConstructor = new (options: Record<string, unknown>) => RedisClient;

/** ioredis from the bench's own peers (tools/bench/peers; BullMQ needs it as a peer). */
export function loadIORedis(): RedisConstructor {
  try {
    const mod = requirePeer<{ default?: RedisConstructor } & RedisConstructor>('ioredis');
    return mod.default ?? mod;
  } catch (error) {
    throw new UnavailableError(String((error as Error).message));
  }
}
