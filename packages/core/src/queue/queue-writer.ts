import { type Clock } from '../clock/clock';
import { type IdGenerator } from '../clock/id-generator';
import { type Command, type CommandClass } from '../commands/command';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { msOf, parseInstant, toIsoUtc } from '../domain';
import { DEFAULT_BACKOFF } from './backoff';
import { type EnqueueOptions, type QueuedCommand } from './enqueue-options';
import { type QueueStore } from './queue-store';
import { firstCronOccurrence, repeatColumns } from './repeat-schedule';

/** Thrown by `enqueue` for options that make no sense; names the option. */
export class InvalidEnqueueOptionsError extends Error {
  constructor(
    /** The option at fault (`delayMs`, `maxAttempts`, `command`). */
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'InvalidEnqueueOptionsError';
  }
}

/** What the writer needs from the rest of the queue once a row is written. */
export interface WrittenRowHooks {
  /**
   * Tells other processes sharing the database, inside the writing transaction, when they
   * must know (see `CrossProcessWakeUps.announce`); `wakeOthers` tells them whatever.
   */
  announce(tx: Transaction, runAt: string, wakeOthers?: boolean): Promise<void>;
  /** Arms the queue's timer for a committed row (called after commit only). */
  armAt(atMs: number): void;
}

/**
 * The enqueue side of the queue: validates options, writes rows in the caller's transaction
 * (or one of its own) and arms the timer only after that commit (write first, arm second).
 */
export class QueueWriter {
  constructor(
    private readonly store: QueueStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly defaultMaxAttempts: number,
    private readonly hooks: WrittenRowHooks,
  ) {}

  /**
   * Persists a command to run later. Inside `tx` (or the unit of work open in this async flow)
   * the row commits with the caller's state; the timer is armed only after that commit.
   */
  async enqueue(
    command: Command<unknown> | QueuedCommand,
    options: EnqueueOptions = {},
    tx?: Transaction,
  ): Promise<void> {
    const { type, payload } = toQueued(command);
    const nowMs = this.clock.now().getTime();
    const repeat = repeatColumns(options.repeat);
    let runAtMs = nowMs;
    if (options.runAt !== undefined) {
      runAtMs = msOf(
        typeof options.runAt === 'string'
          ? parseInstant(options.runAt, 'runAt')
          : toIsoUtc(options.runAt),
      );
    } else if (options.delayMs !== undefined) {
      if (!Number.isFinite(options.delayMs) || options.delayMs < 0) {
        throw new InvalidEnqueueOptionsError(
          'delayMs',
          'must be a non-negative number of milliseconds',
        );
      }
      runAtMs = nowMs + options.delayMs;
    } else if (repeat.repeat_cron !== null) {
      runAtMs = firstCronOccurrence(repeat, nowMs);
    }
    const maxAttempts = options.maxAttempts ?? this.defaultMaxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new InvalidEnqueueOptionsError('maxAttempts', 'must be a whole number ≥ 1');
    }
    const now = toIsoUtc(nowMs);
    const runAt = toIsoUtc(runAtMs);
    const row = {
      id: this.ids.next(),
      command_type: type,
      payload: JSON.stringify(payload ?? {}),
      key: options.key ?? null,
      status: 'pending' as const,
      run_at: runAt,
      scheduled_for: runAt,
      attempts: 0,
      max_attempts: maxAttempts,
      backoff_base_ms: options.backoff?.baseMs ?? DEFAULT_BACKOFF.baseMs,
      backoff_max_ms: options.backoff?.maxMs ?? DEFAULT_BACKOFF.maxMs,
      lease_token: null,
      claimed_by: null,
      last_error: null,
      ...repeat,
      runs: 0,
      skipped_runs: 0,
      failed_runs: 0,
      last_run_at: null,
      created_at: now,
      updated_at: now,
    };
    const write = async (t: Transaction): Promise<void> => {
      const storedRunAt = await this.store.insert(t.db, row, options.onKeyConflict ?? 'replace');
      await this.hooks.announce(t, storedRunAt, options.wakeOthers);
      t.afterCommit(() => this.hooks.armAt(msOf(storedRunAt)));
    };
    if (tx) {
      await write(tx);
    } else {
      await this.uow.run(write);
    }
  }

  /**
   * Registers a repeatable job under a stable key. Booting again never duplicates it; a changed
   * cadence (or payload) updates the pending row and re-plans its next run.
   */
  async schedule(
    command: Command<unknown> | QueuedCommand,
    key: string,
    options: EnqueueOptions & { repeat: NonNullable<EnqueueOptions['repeat']> },
  ): Promise<void> {
    const { type, payload } = toQueued(command);
    const repeat = repeatColumns(options.repeat);
    await this.uow.run(async (tx) => {
      const existing = await this.store.findPendingByKey(tx.db, key);
      if (!existing) {
        await this.enqueue(command, { ...options, key, onKeyConflict: 'replace' }, tx);
        return;
      }
      const payloadText = JSON.stringify(payload ?? {});
      const cadenceChanged =
        Number(existing.repeat_every_ms ?? 0) !== Number(repeat.repeat_every_ms ?? 0) ||
        existing.repeat_cron !== repeat.repeat_cron ||
        existing.repeat_tz !== repeat.repeat_tz;
      const policyChanged =
        existing.repeat_on_missed !== repeat.repeat_on_missed ||
        Number(existing.repeat_grace_ms ?? -1) !== Number(repeat.repeat_grace_ms ?? -1);
      if (
        !cadenceChanged &&
        !policyChanged &&
        existing.payload === payloadText &&
        existing.command_type === type
      ) {
        return;
      }
      const nowMs = this.clock.now().getTime();
      const nextMs = cadenceChanged
        ? Math.min(
            msOf(existing.run_at),
            repeat.repeat_cron !== null
              ? firstCronOccurrence(repeat, nowMs)
              : nowMs + Number(repeat.repeat_every_ms),
          )
        : msOf(existing.run_at);
      const next = toIsoUtc(nextMs);
      await this.store.updatePending(tx.db, existing.id, {
        command_type: type,
        payload: payloadText,
        ...repeat,
        run_at: next,
        scheduled_for: next,
        updated_at: toIsoUtc(nowMs),
      });
      tx.afterCommit(() => this.hooks.armAt(nextMs));
    });
  }

  /**
   * Removes the pending job rows under `prefix` (one context's `job:<context>:`) that are not
   * in `registered`: a job the context no longer declares stops running. Returns how many.
   */
  retireJobs(prefix: string, registered: readonly string[]): Promise<number> {
    return this.uow.run((tx) => this.store.deleteRetiredJobs(tx.db, prefix, registered));
  }
}

/** The queue's stored form of a command: its static `type` and its own data. */
export function toQueued(command: Command<unknown> | QueuedCommand): QueuedCommand {
  if ('type' in command && 'payload' in command && typeof command.type === 'string') {
    return command;
  }
  const type = (command.constructor as CommandClass).type;
  if (typeof type !== 'string') {
    throw new InvalidEnqueueOptionsError('command', 'has no static `type`');
  }
  return { type, payload: { ...command } };
}
