import { type ContainerModule } from 'inversify';
import { type CommandHandlerClass } from '../commands/command';
import { type MigrationSet } from '../database/migrations';
import { type EventSubscriberClass } from '../events/event-subscriber';
import { type ClaimedRowsClass } from '../instance/claimed-rows';
import { type RepeatSpec } from '../queue/repeat-schedule';
import { type TransactionPolicyClass } from '../events/transaction-policy';

/** A repeatable job: the handler's command, run on a cadence by the durable queue. */
export interface JobRegistration {
  /** Handler of the job's command (its static `handles` names the command). */
  readonly handler: CommandHandlerClass;
  readonly repeat: RepeatSpec;
  /** The command's plain data. Default `{}`. */
  readonly payload?: Record<string, unknown>;
  /**
   * Run once as soon as the job is first registered (its row is new), instead of a period
   * later. A row that already exists keeps its planned instant on later boots (tested in
   * queue-repeat.int.spec.ts). Default true.
   */
  readonly runOnStart?: boolean;
  /**
   * Claim, run and re-arm each run in ONE transaction (the handler joins it). Only for a
   * handler that, inside a caller's transaction, does nothing but database work: it must not
   * hold the write lock across network calls. Default false.
   */
  readonly inClaimTransaction?: boolean;
}

/** Everything a context contributes, in one registration. */
export interface BoundedContextDefinition {
  /** Short lowercase name; prefixes its tables, migration ledger and job keys. */
  readonly name: string;
  readonly migrations: MigrationSet;
  /** The context's own bindings (repositories, ports, options). */
  readonly bindings?: ContainerModule;
  /** Command handlers, each naming its command through `static handles`. */
  readonly commands?: readonly CommandHandlerClass[];
  /** Durable subscribers (projectors), fed through the queue. */
  readonly events?: readonly EventSubscriberClass[];
  /**
   * In-transaction policies: run inside every unit of work before commit, ahead of the durable
   * subscribers' queue rows (e.g. a settled occurrence schedules the next one atomically).
   */
  readonly policies?: readonly TransactionPolicyClass[];
  /** Repeatable jobs, upserted under a stable key so booting twice never duplicates one. */
  readonly jobs?: readonly JobRegistration[];
  /**
   * Tables whose rows the context claims for an instance (e.g. webhook deliveries `sending`):
   * released at stop and taken over at once when their instance dies (ADR 0004).
   */
  readonly claims?: readonly ClaimedRowsClass[];
}

/** A context ready to be composed into an `Application`. */
export class BoundedContext {
  private constructor(readonly definition: BoundedContextDefinition) {}

  static create(definition: BoundedContextDefinition): BoundedContext {
    if (!/^[a-z][a-z0-9_]*$/.test(definition.name)) {
      throw new Error(`context name "${definition.name}" must be lowercase letters, digits or _`);
    }
    return new BoundedContext(definition);
  }

  get name(): string {
    return this.definition.name;
  }

  /** Queue key of a job: stable across boots, changes only with the command type. */
  jobKey(job: JobRegistration): string {
    return `${this.jobKeyPrefix}${job.handler.handles.type}`;
  }

  /** Prefix of every job key of this context (`job:<name>:`). */
  get jobKeyPrefix(): string {
    return `job:${this.name}:`;
  }
}
