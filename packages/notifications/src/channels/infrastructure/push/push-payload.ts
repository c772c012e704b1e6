import { type ChannelMessage } from '../../application/ports/delivery-channel.port';

/**
 * Largest JSON payload in bytes. RFC 8291 messages are at most 4096 bytes: 86 bytes of aes128gcm
 * header, a 16-byte tag and a padding delimiter leave 3993 for the plaintext; this keeps a margin.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3800;

/** What the service worker receives (`event.data.json()`). */
export interface PushPayload {
  /** The notification (delivery) id: the same on every retry, so a worker can drop a duplicate. */
  readonly id: string;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  readonly scheduledAt: string | null;
  readonly sentAt: string;
}

function bytes(payload: PushPayload): number {
  return Buffer.byteLength(JSON.stringify(payload), 'utf8');
}

/** `text` cut to `keep` code points (never half a surrogate pair) with an ellipsis. */
function cut(text: string, keep: number): string {
  const points = Array.from(text);
  return points.length <= keep ? text : `${points.slice(0, Math.max(keep, 0)).join('')}…`;
}

/**
 * The push payload of a send, its message (then title) shortened to fit one push message: a
 * notification shows a few lines anyway, and the inbox row keeps the whole text. The link is
 * never cut (half a URL is a broken one).
 */
export function pushPayloadOf(message: ChannelMessage): PushPayload {
  let payload: PushPayload = {
    id: message.id,
    title: message.title,
    message: message.message,
    url: message.url,
    scheduledAt: message.scheduledAt,
    sentAt: message.sentAt,
  };
  for (const field of ['message', 'title'] as const) {
    let excess = bytes(payload) - PUSH_PAYLOAD_MAX_BYTES;
    while (excess > 0 && payload[field].length > 0) {
      // JSON escapes take up to 6 bytes per code point; cut at least one code point a round.
      const keep = Array.from(payload[field]).length - Math.max(1, Math.ceil(excess / 6)) - 1;
      payload = { ...payload, [field]: keep > 0 ? cut(payload[field], keep) : '' };
      excess = bytes(payload) - PUSH_PAYLOAD_MAX_BYTES;
    }
  }
  return payload;
}
