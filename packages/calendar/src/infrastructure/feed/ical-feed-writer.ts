import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { injectable } from 'inversify';
import {
  type FeedItem,
  type FeedSecrets,
  type FeedWriter,
} from '../../application/ports/feed-writer.port';

/** A reminder is a moment; calendar apps show a zero-length event badly, so it spans 5 minutes. */
const SHOWN_MS = 5 * 60_000;

/**
 * The feed as iCalendar through ical-generator: one VEVENT per scheduled reminder (UID = the
 * delivery's id, so an app that subscribed sees a moved reminder move), with a display alarm
 * at its start so a subscribing app rings too.
 */
@injectable()
export class IcalFeedWriter implements FeedWriter {
  write(items: readonly FeedItem[], name: string): string {
    const calendar = ical({
      name,
      prodId: { company: 'Tickler', product: 'reminders', language: 'EN' },
      method: ICalCalendarMethod.PUBLISH,
      ttl: 60 * 60,
    });
    for (const item of items) {
      const start = new Date(item.scheduledAt);
      calendar.createEvent({
        id: `${item.id}@tickler`,
        start,
        end: new Date(start.getTime() + SHOWN_MS),
        stamp: new Date(item.updatedAt),
        summary: item.title,
        description: item.message === '' ? null : item.message,
        url: item.url,
        categories: item.app === null ? [] : [{ name: item.app }],
        alarms: [{ type: ICalAlarmType.display, trigger: 0, description: item.title }],
      });
    }
    return calendar.toString();
  }
}

/** 32 random bytes, base64url; SHA-256 hex as stored. */
@injectable()
export class CryptoFeedSecrets implements FeedSecrets {
  generate(): string {
    return randomBytes(32).toString('base64url');
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
