import { type NotificationDelivery } from '../../domain/notification-delivery.entity';
import { type NotificationStatus } from '../../../shared/domain/notification-status';
import { type Scope } from '../../../shared/application/ports/scope';

/** The state a status-guarded write expects the stored row to be in. */
export interface ExpectedState {
  readonly status: NotificationStatus;
}

/** A delivery changed in memory, with the state it was loaded in. */
export interface PendingSettlement {
  readonly delivery: NotificationDelivery;
  readonly expected: ExpectedState;
}

/** A producer app's delivery as reconcile compares it (instants ISO UTC). */
export interface SourcedDelivery {
  readonly id: string;
  readonly recipientId: string;
  readonly sourceKey: string;
  /** Lead rule text, or null. */
  readonly rule: string | null;
  readonly status: NotificationStatus;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  readonly scheduledAt: string | null;
  readonly eventAt: string | null;
  readonly expiresAt: string | null;
  readonly createdAt: string;
}

/** Position in the recipient's list: (sort instant, id). */
export interface ListPosition {
  readonly sortAt: string;
  readonly id: string;
}

/** One page of a recipient's deliveries, by (send instant, id). */
export interface ListDeliveriesQuery {
  readonly recipientId: string;
  readonly status?: NotificationStatus;
  readonly limit: number;
  /** Inclusive lower bound on the sort instant (`toIsoUtc` text). */
  readonly since?: string;
  /** Exclusive lower bound (the last item of the previous page). */
  readonly after?: ListPosition;
}

/** Persistence port of the `NotificationDelivery` aggregate. */
export interface NotificationDeliveryRepository {
  insert(scope: Scope, delivery: NotificationDelivery): Promise<void>;
  /**
   * One delivery. `forUpdate` locks its row until the transaction ends (PostgreSQL; SQLite's
   * single writer needs nothing): channel sends of one notification settling at once then decide
   * its status one after the other.
   */
  findById(
    scope: Scope,
    id: string,
    options?: { forUpdate?: boolean },
  ): Promise<NotificationDelivery | undefined>;
  findByIdempotencyKey(
    scope: Scope,
    recipientId: string,
    key: string,
  ): Promise<NotificationDelivery | undefined>;
  /** The recipient's delivery carrying this producer source key and lead rule, if any. */
  findIdBySourceKey(
    scope: Scope,
    recipientId: string,
    source: { app: string; key: string; rule: string | null },
  ): Promise<string | undefined>;
  /**
   * Writes every field of one delivery, guarded by its expected state; throws
   * `NotificationConcurrentUpdateError` when the row moved on.
   */
  save(scope: Scope, delivery: NotificationDelivery, expected: ExpectedState): Promise<void>;
  /**
   * Writes the state columns (status, due, attempts, outcome) of many deliveries with a
   * few set-based UPDATEs, grouped by identical transition, each guarded by the expected state.
   * Returns the ids actually updated (a row another writer settled first is left out).
   */
  settleMany(scope: Scope, settlements: readonly PendingSettlement[]): Promise<Set<string>>;
  /**
   * Up to `limit` scheduled rows whose `due_at` is at or before `now`, earliest first (through
   * the partial index on `due_at`). With `id`, only that row, if due.
   */
  findDue(scope: Scope, now: string, limit: number, id?: string): Promise<NotificationDelivery[]>;
  /** Earliest `due_at` among scheduled rows: when the dispatcher must wake next. */
  nextDueAt(scope: Scope): Promise<string | undefined>;
  /** One page of a recipient's deliveries ordered by (scheduledAt ?? createdAt, id). */
  list(scope: Scope, query: ListDeliveriesQuery): Promise<NotificationDelivery[]>;
  /** Reconcile: multi-row INSERTs (chunked below the driver's parameter limit). */
  insertMany(scope: Scope, deliveries: readonly NotificationDelivery[]): Promise<void>;
  /**
   * Reconcile: what it compares of every delivery producer app `sourceApp` owns, in any status
   * (one indexed read of a dozen columns; full aggregates are loaded only for rows that change).
   */
  findBySourceApp(scope: Scope, sourceApp: string): Promise<SourcedDelivery[]>;
  /** The deliveries with these ids (any order; unknown ids are left out). */
  findByIds(scope: Scope, ids: readonly string[]): Promise<NotificationDelivery[]>;
  /**
   * Reconcile: writes every field of many deliveries (content, schedule, state) with a few
   * multi-row UPDATEs, each row guarded by its expected state. Returns the ids updated.
   */
  saveMany(scope: Scope, pending: readonly PendingSettlement[]): Promise<Set<string>>;
  /** How many deliveries are in each status (one grouped read; absent statuses left out). */
  countByStatus(scope: Scope): Promise<Partial<Record<NotificationStatus, number>>>;
  /**
   * Deletes one delivery's row if it is still in `expected.status`; false when it was not (or is
   * gone): another writer changed it in between.
   */
  deleteOne(scope: Scope, id: string, expected: { status: NotificationStatus }): Promise<boolean>;
  /** Reconcile: deletes the given rows if they are settled (sent/canceled/missed/failed); returns how many. */
  deleteSettled(scope: Scope, ids: readonly string[]): Promise<number>;
}
