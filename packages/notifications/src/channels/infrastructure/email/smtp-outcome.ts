import { type ChannelSendOutcome } from '../../application/ports/delivery-channel.port';

/** The fields nodemailer puts on its errors (see its `NodemailerError`). */
interface SmtpError {
  readonly code?: string;
  readonly responseCode?: number;
  readonly permanent?: boolean;
  readonly originalCode?: string;
  readonly timeoutType?: string;
  readonly message?: string;
}

/** Errors raised before the server could have read a byte of the message. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
const BEFORE_SESSION_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);

/**
 * The outcome of a failed SMTP send. A reply code is a definite answer: 4xx (and 503) is
 * transient and retried, 5xx permanent and failed at once; either way the message was not
 * accepted. Without a reply: a connection refused or a DNS/TLS failure never reached the
 * message; a connection lost or timed out later might have (a server can take the message and
 * die before its 250), so it counts as maybe delivered — an at-most-once subscription is failed
 * rather than risk a second copy, an at-least-once one re-sends with the same Message-ID.
 */
export function outcomeOfSmtpError(error: unknown, server: string): ChannelSendOutcome {
  const e = (error ?? {}) as SmtpError;
  const detail = `smtp ${server}: ${e.code ?? ''}${e.originalCode ? `/${e.originalCode}` : ''} ${
    e.message ?? String(error)
  }`.slice(0, 500);
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) {
    const permanent = e.permanent ?? e.responseCode >= 500;
    return {
      ok: false,
      errorClass: e.responseCode >= 500 ? 'smtp-5xx' : 'smtp-4xx',
      retryable: !permanent,
      maybeDelivered: false,
      detail,
    };
  }
  if (e.code === 'EDNS' || e.code === 'ETLS' || NOT_CONNECTED.has(e.originalCode ?? '')) {
    return { ok: false, errorClass: 'unreachable', retryable: true, maybeDelivered: false, detail };
  }
  if (e.code === 'ENOAUTH' || e.code === 'ECONFIG' || e.code === 'EENVELOPE') {
    return { ok: false, errorClass: 'rejected', retryable: false, maybeDelivered: false, detail };
  }
  if (e.code === 'ETIMEDOUT' || e.code === 'EABORT') {
    const early = BEFORE_SESSION_TIMEOUTS.has(e.timeoutType ?? '');
    return { ok: false, errorClass: 'timeout', retryable: true, maybeDelivered: !early, detail };
  }
  return { ok: false, errorClass: 'unreachable', retryable: true, maybeDelivered: true, detail };
}
