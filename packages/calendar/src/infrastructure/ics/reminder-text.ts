import { plainTextOf } from '../../domain/plain-text';
import { type EventInstance } from './event-instance';

const DAY_MS = 86_400_000;

/** Formats instants in a zone: `Thu 3 Dec 2026` and `14:00`. */
export class ReminderText {
  private readonly day: Intl.DateTimeFormat;
  private readonly time: Intl.DateTimeFormat;

  constructor(readonly timeZone: string) {
    this.day = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    this.time = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** The reminder's title: the event's summary, or a stand-in when it has none. */
  title(instance: EventInstance): string {
    return plainTextOf(instance.summary, 200) || '(untitled event)';
  }

  /**
   * The reminder's message: when the occurrence is, in the calendar's zone, and where.
   * `Thu 3 Dec 2026, 14:00–15:00 (Europe/Berlin)` / `Thu 24 Dec 2026 (all day)`.
   */
  message(instance: EventInstance): string {
    const where = plainTextOf(instance.location, 500);
    return where === '' ? this.when(instance) : `${this.when(instance)}\n${where}`;
  }

  private when(instance: EventInstance): string {
    if (instance.allDay) {
      const lastDay = instance.endMs - DAY_MS;
      const first = this.day.format(instance.startMs);
      return lastDay > instance.startMs
        ? `${first} – ${this.day.format(lastDay)} (all day)`
        : `${first} (all day)`;
    }
    const start = `${this.day.format(instance.startMs)}, ${this.time.format(instance.startMs)}`;
    if (instance.endMs <= instance.startMs) {
      return `${start} (${this.timeZone})`;
    }
    const sameDay = this.day.format(instance.endMs) === this.day.format(instance.startMs);
    const end = sameDay
      ? this.time.format(instance.endMs)
      : `${this.day.format(instance.endMs)}, ${this.time.format(instance.endMs)}`;
    return `${start}–${end} (${this.timeZone})`;
  }

  /** The event's URL when it is an http(s) link a reminder may carry, else null. */
  url(instance: EventInstance): string | null {
    const url = instance.url.trim();
    if (plainTextOf(url, 2000) !== url || !/^https?:\/\/[^\s\\]+$/i.test(url)) {
      return null;
    }
    try {
      return new URL(url).protocol.startsWith('http') ? url : null;
    } catch {
      return null;
    }
  }
}
