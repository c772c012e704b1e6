/**
 * Every channel kind the context can deliver over, by name: what `channels` on a notification
 * and `kind` on a subscription may say. `inbox` is the in-transaction channel; every other name
 * has one external adapter registered in `channels/channels.module.ts` (`EXTERNAL_CHANNELS`); the
 * context refuses to start when the two lists disagree. Adding a channel: docs/channels.md.
 */
export const CHANNEL_KINDS = ['inbox', 'webhook', 'push', 'email', 'ntfy'] as const;

/** One of {@link CHANNEL_KINDS}. */
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The in-transaction channel: its row commits with the notification's status change. */
export const INBOX_CHANNEL = 'inbox';

/** The kinds a subscription can have (every channel but the inbox, which needs no target). */
export const SUBSCRIPTION_KINDS = CHANNEL_KINDS.filter((kind) => kind !== INBOX_CHANNEL);

/** The kind a subscription registration means when it names none (today's body: a webhook). */
export const DEFAULT_SUBSCRIPTION_KIND = 'webhook';

/** Most channels one notification may name. */
export const MAX_CHANNELS = 5;

/** Whether a notification with `channels` (null = the default set) goes to its inbox. */
export function includesInbox(channels: readonly string[] | null): boolean {
  return channels === null || channels.includes(INBOX_CHANNEL);
}
