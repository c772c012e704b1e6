import path from 'node:path';
import { type SystemId } from '../bench.types';
import { BullmqSystem } from './bullmq.system';
import { GraphileSystem } from './graphile.system';
import { PgBossSystem } from './pg-boss.system';
import { PlainjobSystem } from './plainjob.system';
import { RawInboxSystem } from './raw-inbox.system';
import { RawSqliteSystem } from './raw-sqlite.system';
import { type QueueSystem } from './system.port';
import { TicklerSystem } from './tickler.system';

/** Every system and setting in report order. */
export const SYSTEMS: readonly SystemId[] = [
  'raw',
  'raw-inbox',
  'tickler',
  'plainjob',
  'plainjob-tuned',
  'bullmq',
  'bullmq-tuned',
  'pg-boss',
  'pg-boss-tuned',
  'graphile',
  'graphile-tuned',
];

/** Display names for tables and plots. */
export const SYSTEM_LABELS: Record<SystemId, string> = {
  raw: 'raw better-sqlite3',
  'raw-inbox': 'raw better-sqlite3 (inbox equivalent)',
  tickler: 'Tickler',
  plainjob: 'plainjob',
  'plainjob-tuned': 'plainjob (tuned)',
  bullmq: 'BullMQ',
  'bullmq-tuned': 'BullMQ (tuned)',
  'pg-boss': 'pg-boss',
  'pg-boss-tuned': 'pg-boss (tuned)',
  graphile: 'Graphile Worker',
  'graphile-tuned': 'Graphile Worker (tuned)',
};

/** Systems whose storage is a file inside the run's data folder: removing the folder cleans them. */
/**
 * Systems whose enqueue of an item already due takes another path than a scheduled one: Tickler
 * sends it at once, inline (the immediate path); BullMQ puts a job with a delay ≤ 0 straight on
 * its wait list instead of the delayed set, so the worker never promotes it. Their drain seed
 * needs a lead longer than the seeding itself, so every item is written as a future one and the
 * drain measures scheduled items that fell due, as for the others (whose row is the same
 * either way).
 */
export const PAST_DUE_ENQUEUE_DIFFERS: readonly SystemId[] = ['tickler', 'bullmq', 'bullmq-tuned'];

export const IN_DATA_DIR: readonly SystemId[] = [
  'raw',
  'raw-inbox',
  'tickler',
  'plainjob',
  'plainjob-tuned',
];

/** The defaults variant a tuned one shares its storage and enqueue path with. */
export function baseOf(system: SystemId): SystemId {
  return system.replace(/-tuned$/, '') as SystemId;
}

/** Tuned settings, from each peer's documentation (see README for the sources). */
export const TUNED = {
  plainjobPollMs: 100,
  bullmqConcurrency: 10,
  pgBossBatchSize: 1000,
  pgBossPollingIntervalSeconds: 0.5,
  graphileConcurrency: 10,
} as const;

export function createSystem(system: SystemId, dataDir: string): QueueSystem {
  switch (system) {
    case 'raw':
      return new RawSqliteSystem(path.join(dataDir, 'raw.db'));
    case 'raw-inbox':
      return new RawInboxSystem(path.join(dataDir, 'raw-inbox.db'));
    case 'tickler':
      return new TicklerSystem(path.join(dataDir, 'tickler.db'));
    case 'plainjob':
      return new PlainjobSystem(path.join(dataDir, 'plainjob.db'), {});
    case 'plainjob-tuned':
      return new PlainjobSystem(path.join(dataDir, 'plainjob.db'), {
        pollMs: TUNED.plainjobPollMs,
      });
    case 'bullmq':
      return new BullmqSystem({});
    case 'bullmq-tuned':
      return new BullmqSystem({ concurrency: TUNED.bullmqConcurrency });
    case 'pg-boss':
      return new PgBossSystem({});
    case 'pg-boss-tuned':
      return new PgBossSystem({
        batchSize: TUNED.pgBossBatchSize,
        pollingIntervalSeconds: TUNED.pgBossPollingIntervalSeconds,
      });
    case 'graphile':
      return new GraphileSystem({});
    case 'graphile-tuned':
      return new GraphileSystem({ concurrency: TUNED.graphileConcurrency });
  }
}
