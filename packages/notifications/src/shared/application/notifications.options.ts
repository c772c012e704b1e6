import { parseDuration } from '@tickler/core';
import { type DuePolicy } from '../domain/due-policy';
import { type ChannelRetryPolicy } from '../domain/retry-policy';
import { DEFAULT_THROTTLE, parseThrottle, type ThrottleRule } from '../domain/throttle-rule';

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
  /** Webhook attempts per send, the first included. Default 3. */
  webhookMaxAttempts?: number;
  /** Webhook retry delay: first retry after `baseMs`, doubling, capped at `maxMs`. Default 30 s / 1 h. */
  webhookBackoff?: { baseMs?: number; maxMs?: number };
  /** Per-request webhook timeout in ms. Default 10 s. */
  webhookTimeoutMs?: number;
  /** How long a rotated webhook secret still signs (both signatures are sent meanwhile). Default 24 h. */
  webhookSecretOverlap?: number | string;
  /** External channel requests in flight at once, all endpoints together. Default 32. */
  sendConcurrency?: number;
  /** External channel requests in flight at once to one endpoint (URL origin, SMTP host). Default 4. */
  endpointConcurrency?: number;
  /** Failed attempts in a row after which a subscription is paused (its owner resumes it). Default 10. */
  pauseAfterFailures?: number;
  /**
   * Subscriptions one person may hold per channel kind (push, email; a webhook is one per
   * person anyway). Default 10 (`TICKLER_SUBSCRIPTIONS_PER_CHANNEL`).
   */
  subscriptionsPerChannel?: number;
  /**
   * Let outgoing requests reach loopback, private, link-local and other non-public addresses
   * (`TICKLER_ALLOW_PRIVATE_TARGETS=true`): for a desktop whose local app takes webhooks, and for
   * tests. Default false: such targets are refused at registration and at connect time.
   */
  allowPrivateTargets?: boolean;
  /**
   * At most N external sends per person and channel in any window (`TICKLER_THROTTLE`):
   * `<sends>/<duration>` or `off`. Default `30/1h`. A send over the limit waits (`pending`,
   * `lastError: throttled`) until the window lets it go: deferred, never dropped.
   */
  throttle?: string;
  /**
   * How long finished rows are kept (`TICKLER_RETENTION`): sent, canceled, missed and failed
   * deliveries with their inbox rows and channel sends, and delivery-log entries, counted from
   * their last change. Default `90d`; at least 1 hour.
   */
  retention?: number | string;
  /**
   * The daemon's address as a phone reaches it (`TICKLER_PUBLIC_URL`, no trailing slash): ntfy
   * notifications then carry Snooze 10 min and Done buttons calling back
   * `<publicUrl>/v1/actions/<token>`. Default unset: no buttons.
   */
  publicUrl?: string;
}

/** Options with every default applied (bound in the container). */
export interface ResolvedNotificationsOptions {
  readonly due: DuePolicy;
  readonly batchSize: number;
  readonly maxBatchesPerRun: number;
  /** The webhook channel's retry policy. */
  readonly webhookRetry: ChannelRetryPolicy;
  readonly webhookTimeoutMs: number;
  /** ms a rotated webhook secret keeps signing. */
  readonly webhookSecretOverlapMs: number;
  readonly sendConcurrency: number;
  readonly endpointConcurrency: number;
  readonly pauseAfterFailures: number;
  /** Subscriptions one person may hold per channel kind. */
  readonly subscriptionsPerChannel: number;
  readonly allowPrivateTargets: boolean;
  /** The send limit per person and channel; null: none. */
  readonly throttle: ThrottleRule | null;
  /** ms finished rows are kept. */
  readonly retentionMs: number;
  /** Where action links point (no trailing slash); null: no action links. */
  readonly publicUrl: string | null;
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

function retentionOf(value: number | string | undefined): number {
  const ms = parseDuration(value ?? '90d', 'retention');
  if (ms < 3_600_000) {
    throw new RangeError(
      `notifications option retention must be at least 1h (got ${String(value)})`,
    );
  }
  return ms;
}

function publicUrlOf(value: string | undefined): string | null {
  if (value === undefined) {
    return null;
  }
  if (!/^https?:\/\/[^\s?#]+$/i.test(value) || value.length > 500) {
    throw new RangeError(
      `notifications option publicUrl must be an http(s) URL without query or fragment (got ${value.slice(0, 100)})`,
    );
  }
  return value.replace(/\/+$/, '');
}

/** The options with every default applied; throws `RangeError` naming a bad numeric option. */
export function resolveNotificationsOptions(
  options: NotificationsOptions = {},
): ResolvedNotificationsOptions {
  return {
    due: {
      graceMs:
        options.graceMs === undefined ? 12 * 3_600_000 : parseDuration(options.graceMs, 'graceMs'),
      dryRun: options.delivery === 'dry-run',
    },
    batchSize: positiveInt(options.batchSize, 500, 'batchSize'),
    maxBatchesPerRun: positiveInt(options.maxBatchesPerRun, 20, 'maxBatchesPerRun'),
    webhookRetry: {
      maxAttempts: positiveInt(options.webhookMaxAttempts, 3, 'webhookMaxAttempts'),
      baseMs: positiveInt(options.webhookBackoff?.baseMs, 30_000, 'webhookBackoff.baseMs'),
      maxMs: positiveInt(options.webhookBackoff?.maxMs, 3_600_000, 'webhookBackoff.maxMs'),
    },
    webhookTimeoutMs: positiveInt(options.webhookTimeoutMs, 10_000, 'webhookTimeoutMs'),
    webhookSecretOverlapMs:
      options.webhookSecretOverlap === undefined
        ? 24 * 3_600_000
        : parseDuration(options.webhookSecretOverlap, 'webhookSecretOverlap'),
    sendConcurrency: positiveInt(options.sendConcurrency, 32, 'sendConcurrency'),
    endpointConcurrency: positiveInt(options.endpointConcurrency, 4, 'endpointConcurrency'),
    pauseAfterFailures: positiveInt(options.pauseAfterFailures, 10, 'pauseAfterFailures'),
    subscriptionsPerChannel: positiveInt(
      options.subscriptionsPerChannel,
      10,
      'subscriptionsPerChannel',
    ),
    allowPrivateTargets: options.allowPrivateTargets === true,
    throttle: parseThrottle(options.throttle ?? DEFAULT_THROTTLE, 'throttle'),
    retentionMs: retentionOf(options.retention),
    publicUrl: publicUrlOf(options.publicUrl),
  };
}
