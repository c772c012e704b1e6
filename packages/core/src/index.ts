export * from './domain';
export * from './clock/clock';
export * from './clock/system-clock';
export * from './clock/manual-clock';
export * from './clock/id-generator';
export * from './commands/command';
export * from './commands/command-bus';
export { acceptedAsIs } from './commands/accepted-as-is';
export * from './commands/validation.error';
export {
  payloadLimitProblems,
  largestArrayLimit,
  MAX_PAYLOAD_DEPTH,
  DEFAULT_MAX_ARRAY_ENTRIES,
  MAX_PAYLOAD_VALUES,
} from './commands/payload-limits';
export { scanJsonLimits, JsonLimitScanner } from './commands/json-scan';
export * from './commands/is-instant.validator';
export * from './commands/is-time-zone.validator';
export * from './commands/text.validators';
export * from './database/database';
export * from './database/dialect';
export * from './database/sqlite-database';
export {
  type CheckpointResult,
  type CheckpointThreadEvent,
  type CheckpointWorkerModule,
} from './database/wal-checkpointer';
export * from './database/private-files';
export * from './database/open-postgres-database';
export * from './database/unit-of-work';
export * from './database/reusable-query';
export * from './database/multi-row-insert';
export * from './database/migrations';
export { coreMigrations } from './core.migrations';
export * from './events/event-bus';
export * from './events/event-subscriber';
export * from './events/transaction-policy';
export * from './events/deliver-events.command';
export * from './queue/durable-command-queue';
export * from './queue/queue-options';
export { InvalidEnqueueOptionsError } from './queue/queue-writer';
export * from './queue/enqueue-options';
export * from './queue/backoff';
export * from './queue/repeat-schedule';
export { type JobOccurrence, JOB_LEDGER_KEEP, MAX_LEDGER_READ } from './queue/job-occurrences';
export * from './queue/queue.tables';
export * from './instance/instance-lock';
export * from './instance/claimed-rows';
export * from './instance/claimed-table';
export { instanceLockFolder } from './instance/sqlite-instance-lock';
export * from './context/bounded-context';
export * from './context/application';
export * from './core.tokens';
export * from './logger';
