import { type ChannelSendOutcome } from '../../application/ports/delivery-channel.port';
import { REFUSED_TARGET_CODE } from './refused-target.error';

/** Codes that mean the request never left: nothing can have reached the receiver. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** 4xx answers worth another attempt (the receiver may accept later). */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/**
 * The codes along an error's cause chain (undici wraps the socket's error). Not `instanceof
 * Error`: an error made in another realm (Node's own, under a test runner's sandbox) is not one.
 */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (
    let e: unknown = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      codes.push(code);
    }
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

function detailOf(error: unknown): string {
  return (
    error instanceof Error ? `${codesOf(error).join('/')} ${error.message}` : String(error)
  ).slice(0, 500);
}

/**
 * What an HTTP answer means: 2xx sent; 3xx a redirect, not followed and not retried (the
 * owner should register the new URL); 410 gone for good; other 4xx refused (a few retried);
 * 5xx retried.
 */
export function outcomeOfStatus(status: number, host: string): ChannelSendOutcome {
  if (status >= 200 && status < 300) {
    return { ok: true };
  }
  const detail = `HTTP ${status} from ${host}`;
  if (status >= 500) {
    return { ok: false, errorClass: 'http-5xx', retryable: true, maybeDelivered: false, detail };
  }
  if (status < 400) {
    return {
      ok: false,
      errorClass: 'http-3xx',
      retryable: false,
      maybeDelivered: false,
      detail: `${detail} (redirects are not followed)`,
    };
  }
  return {
    ok: false,
    errorClass: 'http-4xx',
    retryable: RETRYABLE_4XX.has(status),
    maybeDelivered: false,
    detail,
    ...(status === 410 ? { deactivateSubscription: 'the endpoint answered 410 Gone' } : {}),
  };
}

/**
 * What a failed request means, in a class the owner may see. A refused target or a connection
 * never made cannot have reached the receiver; a timeout or a broken connection after the
 * request was written may have (an at-most-once send is then not repeated).
 */
export function outcomeOfError(error: unknown, timedOut: boolean): ChannelSendOutcome {
  const codes = codesOf(error);
  const detail = detailOf(error);
  if (codes.includes(REFUSED_TARGET_CODE)) {
    return {
      ok: false,
      errorClass: 'refused-target',
      retryable: false,
      maybeDelivered: false,
      detail,
    };
  }
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT')) {
    return { ok: false, errorClass: 'timeout', retryable: true, maybeDelivered: false, detail };
  }
  if (timedOut) {
    return { ok: false, errorClass: 'timeout', retryable: true, maybeDelivered: true, detail };
  }
  if (codes.includes('ECONNREFUSED')) {
    return {
      ok: false,
      errorClass: 'connection-refused',
      retryable: true,
      maybeDelivered: false,
      detail,
    };
  }
  const neverSent = codes.some((code) => NOT_SENT.has(code));
  return {
    ok: false,
    errorClass: 'unreachable',
    retryable: true,
    maybeDelivered: !neverSent,
    detail,
  };
}
