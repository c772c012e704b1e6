import { parseDuration } from '@tickler/core';
import { type DuePolicy } from '../domain/delivery-policy';
import { type RetryPolicy } from '../domain/webhook-retry-policy';

/** Options of `notificationsContext(...)`. Durations accept ms numbers or text like `12h`. */
export interface NotificationsOptions {
  /** How late a due delivery may still go out; past it → `missed` (`too-late`). Default 12 h. */
  graceMs?: number | string;
  /** `dry-run` settles due rows as `missed` (`dry-run`) without sending. Default `live`. */
  delivery?: 'live' | 'dry-run';
  /** Due rows loaded and settled per transaction. Default 500. */
  batchSize?: number;
  /** Batches per deliver-due run before it yields and re-wakes at once. Default 20. */
  maxBatchesPerRun?: number;
  /** Webhook attempts per delivery, the first included. Default 3. */
  webhookMaxAttempts?: number;
  /** Webhook retry delay: first retry after `baseMs`, doubling, capped at `maxMs`. Default 30 s / 1 h. */
  webhookBackoff?: { baseMs?: number; maxMs?: number };
  /** What a webhook claim abandoned by a dead process becomes. Default `at-least-once` (retried). */
  webhookPolicy?: 'at-least-once' | 'at-most-once';
  /** Per-request webhook timeout in ms. Default 10 s. */
  webhookTimeoutMs?: number;
  /** Webhook requests in flight at once. Default 8. */
  webhookConcurrency?: number;
  /** Webhook claims per batch (each batch's requests run outside its transaction). Default 64. */
  webhookBatchSize?: number;
}

/** Options with every default applied (bound in the container). */
export interface ResolvedNotificationsOptions {
  readonly due: DuePolicy;
  readonly batchSize: number;
  readonly maxBatchesPerRun: number;
  readonly retry: RetryPolicy;
  readonly webhookTimeoutMs: number;
  readonly webhookConcurrency: number;
  readonly webhookBatchSize: number;
  /**
   * How long a webhook claim is exclusive, in ms: long enough for a whole batch of requests
   * to time out at the configured concurrency, plus a margin.
   */
  readonly webhookLeaseMs: number;
}

function positiveInt(value: number | undefined, fallback: number, field: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) {
    throw new RangeError(
      `notifications option ${field} must be a whole number ≥ 1 (got ${String(value)})`,
    );
  }
  return v;
}

/** The options with every default applied; throws `RangeError` naming a bad numeric option. */
export function resolveNotificationsOptions(
  options: NotificationsOptions = {},
): ResolvedNotificationsOptions {
  const webhookTimeoutMs = positiveInt(options.webhookTimeoutMs, 10_000, 'webhookTimeoutMs');
  const webhookConcurrency = positiveInt(options.webhookConcurrency, 8, 'webhookConcurrency');
  const webhookBatchSize = positiveInt(options.webhookBatchSize, 64, 'webhookBatchSize');
  return {
    due: {
      graceMs:
        options.graceMs === undefined ? 12 * 3_600_000 : parseDuration(options.graceMs, 'graceMs'),
      dryRun: options.delivery === 'dry-run',
    },
    batchSize: positiveInt(options.batchSize, 500, 'batchSize'),
    maxBatchesPerRun: positiveInt(options.maxBatchesPerRun, 20, 'maxBatchesPerRun'),
    retry: {
      maxAttempts: positiveInt(options.webhookMaxAttempts, 3, 'webhookMaxAttempts'),
      backoffBaseMs: positiveInt(options.webhookBackoff?.baseMs, 30_000, 'webhookBackoff.baseMs'),
      backoffMaxMs: positiveInt(options.webhookBackoff?.maxMs, 3_600_000, 'webhookBackoff.maxMs'),
      onAbandoned: options.webhookPolicy === 'at-most-once' ? 'fail' : 'retry',
    },
    webhookTimeoutMs,
    webhookConcurrency,
    webhookBatchSize,
    webhookLeaseMs: webhookTimeoutMs * Math.ceil(webhookBatchSize / webhookConcurrency) + 30_000,
  };
}
