import { type ChannelSendOutcome } from '../../application/ports/delivery-channel.port';

/**
 * The outcome of a push service's answer (RFC 8030 §5, §6.2): 201 accepted; 404/410 the
 * subscription is gone for good (deactivated, never retried); 429 and 5xx retried by policy;
 * any other answer (400 bad request, 401/403 VAPID refused, 413 too large, a redirect) will
 * not change on a retry.
 */
export function outcomeOfStatus(status: number, origin: string): ChannelSendOutcome {
  if (status >= 200 && status < 300) {
    return { ok: true };
  }
  const detail = `push service ${origin} answered ${status}`;
  if (status === 404 || status === 410) {
    return {
      ok: false,
      errorClass: 'gone',
      retryable: false,
      maybeDelivered: false,
      deactivateSubscription: `push service answered ${status}`,
      detail,
    };
  }
  if (status >= 500) {
    return { ok: false, errorClass: 'http-5xx', retryable: true, maybeDelivered: false, detail };
  }
  if (status >= 400) {
    const retryable = status === 429 || status === 408;
    return { ok: false, errorClass: 'http-4xx', retryable, maybeDelivered: false, detail };
  }
  return { ok: false, errorClass: 'rejected', retryable: false, maybeDelivered: false, detail };
}

/** Codes of errors raised before any byte reached the push service. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/**
 * The outcome of a request that got no answer. `written`: the whole request had been sent, so
 * the service may have accepted it (an at-most-once subscription must not be retried then).
 */
export function outcomeOfError(
  error: unknown,
  written: boolean,
  timedOut: boolean,
  origin: string,
): ChannelSendOutcome {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const detail = `push to ${origin}: ${typeof code === 'string' ? `${code} ` : ''}${message}`.slice(
    0,
    500,
  );
  if (code === 'ERR_TICKLER_REFUSED_TARGET') {
    return {
      ok: false,
      errorClass: 'refused-target',
      retryable: false,
      maybeDelivered: false,
      detail,
    };
  }
  if (timedOut) {
    return { ok: false, errorClass: 'timeout', retryable: true, maybeDelivered: written, detail };
  }
  const connected = !(typeof code === 'string' && NOT_CONNECTED.has(code));
  return {
    ok: false,
    errorClass: 'unreachable',
    retryable: true,
    maybeDelivered: written && connected,
    detail,
  };
}
