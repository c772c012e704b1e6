import { Container } from 'inversify';
import { type Clock } from '../clock/clock';
import { type IdGenerator, UuidV7Generator } from '../clock/id-generator';
import { SystemClock } from '../clock/system-clock';
import { type Command, type CommandHandlerClass, type ResultOf } from '../commands/command';
import { CommandBus, UnknownCommandError } from '../commands/command-bus';
import { CommandValidationError } from '../commands/validation.error';
import { CORE_TOKENS } from '../core.tokens';
import { type Database } from '../database/database';
import { migrateContext } from '../database/migrations';
import { UnitOfWork } from '../database/unit-of-work';
import { DomainError } from '../domain';
import { DeliverEvents } from '../events/deliver-events.command';
import { EventBus } from '../events/event-bus';
import { EventDispatcher } from '../events/event-dispatcher';
import { type InstanceLock, type Peers } from '../instance/instance-lock';
import { type Logger, silentLogger } from '../logger';
import { DurableCommandQueue } from '../queue/durable-command-queue';
import { type QueueOptions } from '../queue/queue-options';
import { coreMigrations } from '../core.migrations';
import { type BoundedContext } from './bounded-context';

/** Options of {@link Application.create}. */
export interface ApplicationOptions {
  readonly database: Database;
  readonly contexts: readonly BoundedContext[];
  /** Default: the system clock. Tests pass a `ManualClock`. */
  readonly clock?: Clock;
  readonly ids?: IdGenerator;
  readonly logger?: Logger;
  readonly queue?: QueueOptions;
}

/**
 * Composes bounded contexts over one database, one clock and one queue: runs every context's
 * migrations (failing loudly), builds the container, registers handlers, projectors and jobs.
 */
export class Application {
  private constructor(
    readonly container: Container,
    readonly database: Database,
    readonly clock: Clock,
    readonly queue: DurableCommandQueue,
    readonly bus: CommandBus,
    readonly events: EventBus,
    readonly uow: UnitOfWork,
    private readonly instance: InstanceLock,
  ) {}

  private stopping: Promise<void> | undefined;

  /** This instance's id: what its claims carry (`claimed_by`). */
  get instanceId(): string {
    return this.instance.id;
  }

  static async create(options: ApplicationOptions): Promise<Application> {
    const { database } = options;
    const clock: Clock = options.clock ?? new SystemClock();
    const ids = options.ids ?? new UuidV7Generator();
    const logger = options.logger ?? silentLogger;

    await migrateContext(database.kysely, 'shared', coreMigrations, database.beginStatement);
    for (const context of options.contexts) {
      await migrateContext(
        database.kysely,
        context.name,
        context.definition.migrations,
        database.beginStatement,
      );
    }

    const instance = await lockInstance(database, ids, logger);
    const uow = new UnitOfWork(database);
    const events = new EventBus(logger);
    uow.onAfterCommit((committed) => events.publish(committed));
    const queue = new DurableCommandQueue(
      database,
      uow,
      clock,
      ids,
      instance,
      options.queue,
      logger,
    );
    const bus = new CommandBus();
    const dispatcher = new EventDispatcher(uow, queue, clock);
    bus.register(DeliverEvents, () => dispatcher);

    const container = new Container({ defaultScope: 'Singleton' });
    container.bind(CORE_TOKENS.Clock).toConstantValue(clock);
    container.bind(CORE_TOKENS.IdGenerator).toConstantValue(ids);
    container.bind(CORE_TOKENS.Database).toConstantValue(database);
    container.bind(CORE_TOKENS.UnitOfWork).toConstantValue(uow);
    container.bind(CORE_TOKENS.CommandQueue).toConstantValue(queue);
    container.bind(CORE_TOKENS.CommandBus).toConstantValue(bus);
    container.bind(CORE_TOKENS.EventBus).toConstantValue(events);
    container.bind(CORE_TOKENS.Logger).toConstantValue(logger);
    container.bind(CORE_TOKENS.InstanceId).toConstantValue(instance.id);

    const register = (handler: CommandHandlerClass): void => {
      if (!container.isBound(handler)) {
        container.bind(handler).toSelf().inSingletonScope();
      }
      if (!bus.has(handler.handles.type)) {
        bus.register(handler.handles, () => container.get(handler));
      }
    };
    for (const context of options.contexts) {
      const def = context.definition;
      if (def.bindings) {
        container.loadSync(def.bindings);
      }
      def.commands?.forEach(register);
      def.jobs?.forEach((job) => register(job.handler));
      for (const subscriber of def.events ?? []) {
        container.bind(subscriber).toSelf().inSingletonScope();
        dispatcher.register(subscriber.subscriberName, subscriber.subscribesTo, () =>
          container.get(subscriber),
        );
      }
    }

    for (const context of options.contexts) {
      for (const policy of context.definition.policies ?? []) {
        container.bind(policy).toSelf().inSingletonScope();
        const resolved = container.get(policy);
        uow.onBeforeCommitFirst((tx, events) => resolved.beforeCommit(tx, events));
      }
      for (const claims of context.definition.claims ?? []) {
        container.bind(claims).toSelf().inSingletonScope();
        queue.addClaimedRows(container.get(claims));
      }
    }

    queue.setExecutor(
      (type, payload) => bus.dispatchPlain(type, payload),
      (error) => error instanceof CommandValidationError || error instanceof UnknownCommandError,
    );
    // A clock that fires its own timers (tests) waits for the queue after each one.
    clock.addSettler?.(() => queue.idle());

    for (const context of options.contexts) {
      const jobs = context.definition.jobs ?? [];
      const retired = await queue.retireJobs(
        context.jobKeyPrefix,
        jobs.map((job) => context.jobKey(job)),
      );
      if (retired > 0) {
        logger.info({ context: context.name, retired }, 'removed jobs the context no longer has');
      }
      for (const job of jobs) {
        if (job.inClaimTransaction === true) {
          queue.runInClaimTransaction(context.jobKey(job));
        }
        await queue.schedule(
          { type: job.handler.handles.type, payload: job.payload ?? {} },
          context.jobKey(job),
          {
            repeat: job.repeat,
            ...(job.runOnStart === false ? {} : { delayMs: 0 }),
          },
        );
      }
    }
    return new Application(container, database, clock, queue, bus, events, uow, instance);
  }

  /**
   * The other instances holding their lock on this database right now (ADR 0004): a daemon
   * reports how many it shares the database with.
   */
  peers(): Promise<Peers> {
    return this.instance.peers();
  }

  /** Starts the queue: runs whatever is due now, then waits on its timer and sweep. */
  start(): void {
    this.queue.start();
  }

  /** Validates and runs a command in-process. */
  dispatch<C extends Command<unknown>>(command: C): Promise<ResultOf<C>> {
    return this.bus.dispatch(command);
  }

  /** Resolves a service (a repository, a port) from the container. */
  get<T>(token: symbol | (new (...args: never[]) => T)): T {
    return this.container.get<T>(token);
  }

  /**
   * Stops the queue (finishing or releasing in-flight work, and every claim this instance
   * still holds), lets go of the instance lock and closes the database.
   */
  stop(options: { deadlineMs?: number } = {}): Promise<void> {
    this.stopping ??= (async () => {
      await this.queue.stop(options);
      await this.instance.release();
      await this.database.close();
    })();
    return this.stopping;
  }
}

/** Attempts at a fresh instance id when the lock of one is taken (a PostgreSQL key collision). */
const LOCK_ATTEMPTS = 3;

/** Takes this instance's lock under a new id (ADR 0004). */
async function lockInstance(
  database: Database,
  ids: IdGenerator,
  logger: Logger,
): Promise<InstanceLock> {
  for (let attempt = 1; ; attempt++) {
    try {
      const lock = await database.lockInstance(ids.next(), logger);
      logger.info({ instance: lock.id }, 'instance lock held');
      return lock;
    } catch (error) {
      if (attempt >= LOCK_ATTEMPTS) {
        throw error;
      }
    }
  }
}

/** True for expected, typed failures a boundary should map rather than log as bugs. */
export function isExpectedError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
