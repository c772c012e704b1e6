import { type EmailChannelSettings } from './smtp-email-channel';

/** Options of the email channel (`notificationsContext({ email })`). */
export interface EmailOptions {
  /** `smtp://…` or `smtps://…` (see `smtpTransportOptions`). Unset: no email channel. */
  smtpUrl?: string;
  /** From header; required with `smtpUrl`. */
  from?: string;
  /** Connecting, waiting for the greeting: ms each. Default 10 s. */
  connectionTimeoutMs?: number;
  /** Inactivity on an open connection, in ms. Default 30 s. */
  socketTimeoutMs?: number;
  /** Whole attempt, in ms (the send loop aborts it after this). Default 60 s. */
  timeoutMs?: number;
  /** Attempts per email, the first included. Default 5. */
  maxAttempts?: number;
  /**
   * First retry after `baseMs` (default 60 s), doubling, capped at `maxMs` (default 30 min):
   * a greylisting server (451) usually accepts after a few minutes.
   */
  backoff?: { baseMs?: number; maxMs?: number };
}

function positive(value: number | undefined, fallback: number, field: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) {
    throw new RangeError(`email option ${field} must be a whole number ≥ 1 (got ${String(value)})`);
  }
  return v;
}

/** The email channel's settings with every default applied; throws `RangeError` naming a bad option. */
export function resolveEmailSettings(options: EmailOptions = {}): EmailChannelSettings {
  if (options.smtpUrl !== undefined && options.from === undefined) {
    throw new RangeError('email option from is required with smtpUrl');
  }
  const connection = positive(options.connectionTimeoutMs, 10_000, 'connectionTimeoutMs');
  return {
    smtp:
      options.smtpUrl === undefined || options.from === undefined
        ? undefined
        : {
            url: options.smtpUrl,
            from: options.from,
            connectionTimeoutMs: connection,
            greetingTimeoutMs: connection,
            socketTimeoutMs: positive(options.socketTimeoutMs, 30_000, 'socketTimeoutMs'),
          },
    timeoutMs: positive(options.timeoutMs, 60_000, 'timeoutMs'),
    retry: {
      maxAttempts: positive(options.maxAttempts, 5, 'maxAttempts'),
      baseMs: positive(options.backoff?.baseMs, 60_000, 'backoff.baseMs'),
      maxMs: positive(options.backoff?.maxMs, 1_800_000, 'backoff.maxMs'),
    },
  };
}
