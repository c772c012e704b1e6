import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type InboxItemJson, type NotificationJson } from '@tickler/notifications';
import { shortId } from '../ids/short-id';

/**
 * A local time as a model can quote it: `Thu 3 Dec 16:00`, in the zone the person reads.
 */
export function localText(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('hour')}:${part('minute')}`;
}

/** One answer: a sentence the model can quote (issue 31: no 25-field JSON dumps). */
export function said(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** `7f3a2c  Thu 3 Dec 16:00  tea  (every weekday at 09:00)`: one scheduled reminder. */
export function upcomingLine(n: NotificationJson, timeZone: string): string {
  const when = n.scheduledAt === null ? 'now' : localText(n.scheduledAt, timeZone);
  const repeat = n.repeat ? `  (${n.repeat.description ?? n.repeat.rule})` : '';
  return `${shortId(n.id)}  ${when}  ${n.title}${repeat}`;
}

/** `3c56ae  Thu 3 Dec 09:00  stretch  (unread)`: one delivered item (its id is snooze's). */
export function deliveredLine(item: InboxItemJson, timeZone: string): string {
  return `${shortId(item.id)}  ${localText(item.createdAt, timeZone)}  ${item.title}  (${
    item.readAt === null ? 'unread' : 'read'
  })`;
}

/**
 * What the model should do about a failure, after the failure itself: a tool error is read by
 * the model, which then asks the person (issue 31: "errors that tell the model what to ask").
 */
export function whatToAsk(message: string): string {
  if (/^(when|every|timeZone)\b|time zone|not in the future/i.test(message)) {
    return 'Ask the user when they mean, e.g. "at 4pm", "tomorrow 9am", "in 20 minutes".';
  }
  if (/ambiguous/.test(message)) {
    return 'Ask the user which of these they mean, or give more of the id.';
  }
  if (/not found|no (notification|inbox item)|404|matches/.test(message)) {
    return 'Call list_upcoming (scheduled) or list_delivered (already sent) and ask the user which one.';
  }
  if (/^title\b/.test(message)) {
    return 'Ask the user what to be reminded of, in one short line.';
  }
  return 'Tell the user what failed, in their words.';
}

/** Runs a tool; a failure becomes a tool error naming the field and what to ask. */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    const message = (error as Error).message;
    return {
      isError: true,
      content: [{ type: 'text', text: `${message}\n${whatToAsk(message)}` }],
    };
  }
}

/** The hour (0–23) on `zone`'s clock at `instant` (default now): where "every 2 hours" counts from. */
export function hourIn(instant: string | undefined, timeZone: string): number {
  const at = instant === undefined ? new Date() : new Date(instant);
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at),
  );
}
