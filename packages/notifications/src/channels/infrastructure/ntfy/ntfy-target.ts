import { InvalidArgumentError } from '@tickler/core/domain';
import {
  type SubscriptionInput,
  type SubscriptionTarget,
} from '../../application/ports/delivery-channel.port';

/** The server a subscription names when it names none: the public ntfy.sh. */
export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh';

/** Longest server URL. */
export const MAX_NTFY_SERVER_LENGTH = 2000;

/** ntfy's own topic rule (server/types.go `topicRegex`): 1–64 of `A-Za-z0-9_-`. */
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/** An access token: 1–256 printable ASCII characters, no spaces (ntfy's are `tk_` + 29). */
const TOKEN = /^[\x21-\x7e]{1,256}$/;

/** What an ntfy subscription stores: the server's base URL (no trailing slash), topic, token. */
export interface NtfyTarget {
  readonly server: string;
  readonly topic: string;
  /** The access token sent as `Authorization: Bearer`; null for a public topic. */
  readonly token: string | null;
}

/** Reads a stored ntfy target; throws on a target of another shape (a programming error). */
export function ntfyTargetOf(target: SubscriptionTarget): NtfyTarget {
  const { server, topic, token } = target as Partial<NtfyTarget>;
  if (typeof server !== 'string' || typeof topic !== 'string') {
    throw new TypeError('not an ntfy target: { server, topic, token } expected');
  }
  return { server, topic, token: typeof token === 'string' ? token : null };
}

function serverOf(value: unknown): URL {
  if (value === undefined) {
    return new URL(DEFAULT_NTFY_SERVER);
  }
  if (typeof value !== 'string' || value.length > MAX_NTFY_SERVER_LENGTH) {
    throw new InvalidArgumentError(
      'server',
      `an http(s) URL of at most ${MAX_NTFY_SERVER_LENGTH} characters`,
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('server', 'an http(s) URL such as https://ntfy.sh');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidArgumentError('server', 'an http(s) URL such as https://ntfy.sh');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new InvalidArgumentError('server', 'the server URL takes no query or fragment');
  }
  return url;
}

/**
 * Checks a registration's ntfy fields (`server` optional, default {@link DEFAULT_NTFY_SERVER};
 * `topic`; `token` optional) and returns the target and its server URL (for the address rule).
 * Throws an `InvalidArgumentError` naming the field.
 */
export function ntfyTargetFrom(input: SubscriptionInput): { target: NtfyTarget; url: URL } {
  const url = serverOf(input.server);
  if (typeof input.topic !== 'string' || !TOPIC.test(input.topic)) {
    throw new InvalidArgumentError('topic', '1 to 64 characters of A-Z, a-z, 0-9, _ and -');
  }
  const token = input.token ?? null;
  if (token !== null && (typeof token !== 'string' || !TOKEN.test(token))) {
    throw new InvalidArgumentError('token', '1 to 256 printable ASCII characters, no spaces');
  }
  const server = url.href.replace(/\/+$/, '');
  return { target: { server, topic: input.topic, token }, url };
}
