import { type ChannelSend } from '../../domain/channel-send.entity';
import {
  type ChannelSendState,
  type ChannelSendStatus,
} from '../../../shared/domain/channel-send.state';
import { type Scope } from '../../../shared/application/ports/scope';

/** The state a guarded write of a channel send expects the stored row to be in. */
export interface ExpectedSendState {
  readonly status: ChannelSendStatus;
  /** The claim's token while `sending` (fencing against a newer claim); null otherwise. */
  readonly leaseToken: string | null;
}

/** What the operator's list asks for (`ListOperatorSends`). */
export interface OperatorSendFilter {
  readonly status: 'failed' | 'stuck';
  readonly channel?: string;
  readonly limit: number;
  /** Now (ISO UTC): a `sending` claim whose lease ended before it is stuck. */
  readonly now: string;
  /** Only sends that can be retried: still tied to a subscription (retry-all reads this way). */
  readonly retryable?: boolean;
}

/** Persistence port of the `ChannelSend` aggregate. */
export interface ChannelSendRepository {
  /** One multi-row INSERT (chunked below the driver's parameter limit). */
  insertMany(scope: Scope, sends: readonly ChannelSend[]): Promise<void>;
  /**
   * Up to `limit` live sends due at `now` — `pending` ones whose attempt is due and `sending`
   * ones whose lease ran out — earliest first, leaving out the endpoints in `busy`. On
   * PostgreSQL the rows are locked and rows another claimer holds are skipped.
   */
  findDue(
    scope: Scope,
    now: string,
    limit: number,
    busy: readonly string[],
  ): Promise<ChannelSend[]>;
  /** Writes one send's state if the row is still as `expected`; returns whether it was. */
  save(scope: Scope, send: ChannelSend, expected: ExpectedSendState): Promise<boolean>;
  /** The sends of these notifications (views), oldest first. */
  forDeliveries(scope: Scope, deliveryIds: readonly string[]): Promise<ChannelSendState[]>;
  /** How many sends of this notification have not failed (live or sent). */
  countNotFailed(scope: Scope, deliveryId: string): Promise<number>;
  /** One send by id. */
  find(scope: Scope, id: string): Promise<ChannelSendState | undefined>;
  /** Whether a later send of the same notification to the same subscription exists (retried). */
  superseded(scope: Scope, send: ChannelSendState): Promise<boolean>;
  /**
   * Serialises the operator's retries until the transaction ends (PostgreSQL: an advisory
   * transaction lock per schema; SQLite's single writer needs none). Taken first, before the
   * retry reads which failed sends are not yet retried: under READ COMMITTED two retries would
   * otherwise both read a send as not retried before either committed, and both send it again.
   */
  lockRetries(scope: Scope): Promise<void>;
  /** Failed (not yet retried) or stuck sends, most recently changed first, at most `filter.limit`. */
  forOperator(scope: Scope, filter: OperatorSendFilter): Promise<ChannelSendState[]>;
  /** Earliest `due_at` among live sends: when the send loop must look next. */
  nextDueAt(scope: Scope): Promise<string | undefined>;
}
