import { type Subscription, usable } from '../api/subscriptions';

/** What the Repeat picker offers. */
export const REPEAT_CHOICES = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekdays', label: 'Weekdays' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'custom', label: 'Custom (RRULE)' },
] as const;

/** One of {@link REPEAT_CHOICES}. */
export type RepeatChoice = (typeof REPEAT_CHOICES)[number]['value'];

// The time of day (and the weekday, the day of the month) comes from the first occurrence,
// the instant When resolves to (RFC 5545: DTSTART), so the rules name only the pattern.
const RULES: Readonly<Record<Exclude<RepeatChoice, 'none' | 'custom'>, string>> = {
  daily: 'FREQ=DAILY',
  weekdays: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  weekly: 'FREQ=WEEKLY',
  monthly: 'FREQ=MONTHLY',
};

/**
 * The `repeat` body of a new reminder (`{ rule, timeZone }` in the browser's zone), or undefined
 * for a one-off. A custom rule goes to the daemon as typed: it names what it refuses
 * (`repeat.rule`).
 */
export function repeatBody(
  choice: RepeatChoice,
  customRule: string,
  timeZone: string,
): { rule: string; timeZone: string } | undefined {
  if (choice === 'none') {
    return undefined;
  }
  return { rule: choice === 'custom' ? customRule.trim() : RULES[choice], timeZone };
}

/** The channels a person can pick between: the inbox, and push/email when they have them. */
export type PickableChannel = 'inbox' | 'push' | 'email';

/** Which channels to offer: none at all (no choice to make) unless push or email is usable. */
export function offeredChannels(subscriptions: readonly Subscription[]): PickableChannel[] {
  const live = usable(subscriptions);
  const extra = (['push', 'email'] as const).filter((kind) => live.some((s) => s.kind === kind));
  return extra.length === 0 ? [] : ['inbox', ...extra];
}

/** What the daemon sends to when a reminder names no channels (docs/channels.md). */
export function defaultChannels(subscriptions: readonly Subscription[]): PickableChannel[] {
  const live = usable(subscriptions);
  return offeredChannels(subscriptions).filter(
    (kind) => kind === 'inbox' || kind === 'push' || live.some((s) => s.kind === kind && s.default),
  );
}

/**
 * `channels` for the request: undefined while the person kept the default set (the daemon then
 * decides, push included); else the picked ones, plus a default webhook the page does not
 * offer (picking "Email" must not silently drop it).
 */
export function channelsBody(
  picked: readonly PickableChannel[] | null,
  subscriptions: readonly Subscription[],
): string[] | undefined {
  if (picked === null) {
    return undefined;
  }
  const webhook = usable(subscriptions).some((s) => s.kind === 'webhook' && s.default);
  return webhook ? [...picked, 'webhook'] : [...picked];
}
