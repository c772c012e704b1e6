/** A day of the week, as RFC 5545 spells it (`BYDAY`): quiet-hours days use the same names. */
export type Weekday = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';

/** Monday first, as ISO 8601 numbers them (index + 1 = ISO day of week). */
export const WEEKDAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/**
 * A nightly (or daily) window in the recipient's zone when nothing should ring: `start` and
 * `end` are local `HH:MM`; a window whose end is not after its start crosses midnight
 * (`22:00`–`07:00`). `days` lists the days the window STARTS on (a Friday-night window that
 * ends Saturday 07:00 belongs to `FR`); null = every day.
 */
export interface QuietHours {
  readonly start: string;
  readonly end: string;
  readonly days: readonly Weekday[] | null;
}

/**
 * How a recipient's due reminders are grouped: `tick` — everything that falls due in the same
 * dispatcher tick goes out as one message; `daily` — everything is held to the local time `at`
 * (`08:00`) each day and goes out there as one message.
 */
export type DigestSettings =
  { readonly mode: 'tick' } | { readonly mode: 'daily'; readonly at: string };

/** What a person set about their own time, as stored (instants ISO UTC). */
export interface RecipientProfileState {
  readonly recipientId: string;
  /** IANA name, canonical spelling; null = UTC for the rules that need a zone. */
  readonly timeZone: string | null;
  readonly quietHours: QuietHours | null;
  /** True: inside quiet hours the inbox row is still written on time (only ringing channels wait). */
  readonly inboxOnTime: boolean;
  /** A duration with its unit (`15m`): the lead used when a reminder gives `eventAt` but no time. */
  readonly defaultLead: string | null;
  /** Null = no digest: each reminder is its own message. */
  readonly digest: DigestSettings | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Quiet hours as a person writes them (validated and normalised by the aggregate). */
export interface QuietHoursSpec {
  readonly start: string;
  readonly end: string;
  readonly days?: readonly string[] | null;
}

/** Digest settings as a person writes them (validated and normalised by the aggregate). */
export interface DigestSpec {
  readonly mode: string;
  readonly at?: string | null;
}

/** A partial change: an absent field is left alone, `null` clears it (back to its default). */
export interface ProfileChanges {
  readonly timeZone?: string | null;
  readonly quietHours?: QuietHoursSpec | null;
  readonly inboxOnTime?: boolean | null;
  readonly defaultLead?: string | null;
  readonly digest?: DigestSpec | null;
}

/** The profile fields a change can name (the event lists which ones changed). */
export type ProfileField = keyof ProfileChanges;

/** Every field, in the order views show them. */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  'timeZone',
  'quietHours',
  'inboxOnTime',
  'defaultLead',
  'digest',
];
