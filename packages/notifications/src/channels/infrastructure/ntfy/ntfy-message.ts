import { type ChannelMessage } from '../../application/ports/delivery-channel.port';

/**
 * Largest message in bytes: ntfy turns a longer one into an attachment (its default
 * `message-size-limit` is 4096 bytes); the inbox row keeps the whole text.
 */
export const NTFY_MESSAGE_MAX_BYTES = 4000;

/** Largest title in bytes (a notification shows one line of it anyway). */
export const NTFY_TITLE_MAX_BYTES = 250;

/** The JSON body of ntfy's publish API (`POST <server>/`), the fields Tickler sets. */
export interface NtfyPublish {
  readonly topic: string;
  readonly title: string;
  readonly message: string;
  /** 1 (min) to 5 (max); 3 is ntfy's default. */
  readonly priority: 3 | 4;
  readonly tags: readonly string[];
  /** Opened when the notification is tapped: the reminder's link, when it is an http(s) URL. */
  readonly click?: string;
  /** Buttons (at most 3 in ntfy): Snooze / Done calling the daemon back, when it is reachable. */
  readonly actions?: readonly NtfyHttpAction[];
}

/**
 * ntfy's `http` action (docs.ntfy.sh/publish/#send-http-request): the phone's app sends the
 * request itself when the button is pressed; `clear` removes the notification once it succeeded.
 */
export interface NtfyHttpAction {
  readonly action: 'http';
  readonly label: string;
  readonly url: string;
  readonly method: 'POST';
  readonly clear: boolean;
}

/** `text` cut to at most `max` UTF-8 bytes on a code point, with an ellipsis when cut. */
function fit(text: string, max: number): string {
  if (Buffer.byteLength(text, 'utf8') <= max) {
    return text;
  }
  let out = '';
  let used = 3; // the ellipsis
  for (const point of text) {
    used += Buffer.byteLength(point, 'utf8');
    if (used > max) {
      break;
    }
    out += point;
  }
  return `${out}…`;
}

function clickOf(url: string | null): string | undefined {
  return url !== null && /^https?:\/\//i.test(url) ? url : undefined;
}

/**
 * The publish body of a reminder: title and message cut to fit, priority 4 ("high") for a
 * high-priority reminder and ntfy's default 3 otherwise, an alarm-clock tag, its link as `click`,
 * and the action buttons given.
 */
export function ntfyPublishOf(
  topic: string,
  message: ChannelMessage,
  actions: readonly NtfyHttpAction[] = [],
): NtfyPublish {
  const click = clickOf(message.url);
  return {
    topic,
    title: fit(message.title, NTFY_TITLE_MAX_BYTES),
    message: fit(message.message === '' ? message.title : message.message, NTFY_MESSAGE_MAX_BYTES),
    priority: message.priority === 'high' ? 4 : 3,
    tags: ['alarm_clock'],
    ...(click === undefined ? {} : { click }),
    ...(actions.length === 0 ? {} : { actions }),
  };
}
