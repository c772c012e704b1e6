import fs from 'node:fs';
import path from 'node:path';
import {
  type ImportSettings,
  type PlannedReminder,
} from '../src/application/ports/ics-importer.port';
import { DEFAULT_IMPORT_LIMITS } from '../src/application/calendar.options';
import { importIcs } from '../src/infrastructure/ics/import-ics';

// Calendar files as Google Calendar, Outlook/Exchange and Apple Calendar export them (their
// documented shapes: Google's IANA VTIMEZONE and X-WR-TIMEZONE, Exchange's Windows zone names
// with 1601 VTIMEZONE rules, Apple's default alarms and its ACTION:NONE placeholder), read across
// both DST transitions of Europe and the United States.

const fixture = (name: string): string =>
  fs.readFileSync(path.join(__dirname, 'fixtures/ics', name), 'utf8');

function settings(
  now: string,
  timeZone: string | null,
  extra: Partial<ImportSettings> = {},
): ImportSettings {
  return {
    calendarId: 'cal-1',
    now,
    windowDays: 30,
    leads: ['lead:900'],
    timeZone,
    allDayAt: '09:00',
    allDayDaysBefore: 1,
    limits: DEFAULT_IMPORT_LIMITS,
    ...extra,
  };
}

function imported(name: string, s: ImportSettings): PlannedReminder[] {
  const outcome = importIcs(fixture(name), s);
  if (!outcome.ok) {
    throw new Error(outcome.error);
  }
  expect(outcome.skipped).toEqual([]);
  return [...outcome.reminders];
}

/** Compact rows: what a person would check (key without the calendar, rule, send instant). */
function rows(reminders: readonly PlannedReminder[]): string[] {
  return reminders.map((r) => `${r.sendAt} ${r.rule ?? 'at'} ${r.title} ${r.instanceKey}`).sort();
}

const GOOGLE_UID = '4k2s9d0a1b2c3d4e5f6g7h8i9j@google.com';

describe('Google Calendar export (Europe/Berlin)', () => {
  it('autumn: weekdays across the fall-back night, a moved, a cancelled and an excluded occurrence, an all-day and a UTC event', () => {
    const reminders = imported(
      'google-work.ics',
      settings('2026-10-20T08:00:00.000Z', 'Europe/Berlin'),
    );
    const standUps = reminders.filter((r) => r.instanceKey.startsWith(GOOGLE_UID));
    // The event's own 10-minute alarm wins over the calendar's 15 minutes.
    expect(new Set(standUps.map((r) => r.rule))).toEqual(new Set(['lead:600']));
    const byStart = standUps.map((r) => `${r.eventAt} ${r.title}`);
    expect(byStart.slice(0, 9)).toEqual([
      '2026-10-20T07:30:00.000Z Stand-up', // 09:30 CEST
      '2026-10-21T07:30:00.000Z Stand-up',
      '2026-10-22T07:30:00.000Z Stand-up',
      '2026-10-23T07:30:00.000Z Stand-up',
      '2026-10-26T08:30:00.000Z Stand-up', // 09:30 CET: the clocks went back on the 25th
      '2026-10-27T08:30:00.000Z Stand-up',
      '2026-10-28T10:00:00.000Z Stand-up (moved)', // RECURRENCE-ID 09:30 → 11:00
      // 29th cancelled (STATUS:CANCELLED), 30th excluded (EXDATE)
      '2026-11-02T08:30:00.000Z Stand-up',
      '2026-11-03T08:30:00.000Z Stand-up',
    ]);
    const moved = standUps.find((r) => r.title === 'Stand-up (moved)')!;
    // The moved occurrence keeps the identity of the one it replaces: its reminder is patched.
    expect(moved.instanceKey).toBe(`${GOOGLE_UID}#20261028T083000Z`);
    expect(moved.sendAt).toBe('2026-10-28T09:50:00.000Z');
    expect(moved.message).toBe('Wed, 28 Oct 2026, 11:00–11:15 (Europe/Berlin)\nRoom 4');

    const offsite = reminders.find((r) => r.title === 'Offsite day')!;
    // All-day: 09:00 the day before, in the calendar's zone — the fall-back day itself (CET).
    expect(offsite).toMatchObject({
      rule: null,
      scheduledAt: '2026-10-25T08:00:00.000Z',
      eventAt: '2026-10-25T23:00:00.000Z',
      expiresAt: '2026-10-26T23:00:00.000Z',
      message: 'Mon, 26 Oct 2026 (all day)',
      sourceKey: 'cal-1/0a1b2c3d4e5f6a7b8c9d0e1f2a@google.com~allday',
    });
    const release = reminders.find((r) => r.title === 'Release night')!;
    expect(release).toMatchObject({ rule: 'lead:900', sendAt: '2026-10-24T22:45:00.000Z' });
    expect(release.message).toBe('Sun, 25 Oct 2026, 01:00–04:00 (Europe/Berlin)');
  });

  it('spring: the same series across the spring-forward night', () => {
    const reminders = imported(
      'google-work.ics',
      settings('2027-03-24T08:00:00.000Z', 'Europe/Berlin'),
    );
    const starts = reminders.filter((r) => r.title === 'Stand-up').map((r) => r.eventAt);
    expect(starts.slice(0, 5)).toEqual([
      '2027-03-23T08:30:00.000Z', // sent a day ago at most: still planned (not pruned early)
      '2027-03-24T08:30:00.000Z', // 09:30 CET
      '2027-03-25T08:30:00.000Z',
      '2027-03-26T08:30:00.000Z',
      '2027-03-29T07:30:00.000Z', // 09:30 CEST
    ]);
  });

  it("without a zone of its own the calendar reads in the file's X-WR-TIMEZONE", () => {
    const reminders = imported('google-work.ics', settings('2026-10-20T08:00:00.000Z', null));
    expect(reminders.find((r) => r.title === 'Offsite day')?.scheduledAt).toBe(
      '2026-10-25T08:00:00.000Z',
    );
  });
});

describe('Outlook / Exchange export (Windows zone names, 1601 VTIMEZONE rules)', () => {
  const OUTLOOK_UID =
    '040000008200E00074C5B7101A82E00800000000B0E1A5A1F3C1DA010000000000000000100000005D1E7A0B2C3D4E5F60718293A4B5C6D7';

  it('autumn: the weekly sync excluded, then moved to Friday; New York across its own fall back', () => {
    const reminders = imported(
      'outlook-exchange.ics',
      settings('2026-10-20T08:00:00.000Z', 'Europe/Berlin'),
    );
    const sync = reminders.filter((r) => r.instanceKey.startsWith(OUTLOOK_UID));
    expect(sync.map((r) => `${r.eventAt} ${r.rule} ${r.title}`)).toEqual([
      // 22 Oct excluded (EXDATE in "W. Europe Standard Time")
      '2026-10-30T13:00:00.000Z lead:900 Weekly sync (Friday)', // 29th moved to Fri 14:00 CET
      '2026-11-05T09:00:00.000Z lead:900 Weekly sync', // 10:00 CET
      '2026-11-12T09:00:00.000Z lead:900 Weekly sync',
      // 19 November's reminder (08:45 UTC) is after the 30-day window (08:00 UTC)
    ]);
    expect(sync[0]?.instanceKey).toBe(`${OUTLOOK_UID}#20261029T090000Z`);
    const ny = reminders.filter((r) => r.title === 'NY sync');
    expect(ny.map((r) => `${r.eventAt} ${r.sendAt}`)).toEqual([
      '2026-10-19T13:00:00.000Z 2026-10-19T12:00:00.000Z', // sent within the last day: still planned
      '2026-10-26T13:00:00.000Z 2026-10-26T12:00:00.000Z', // 09:00 EDT, the alarm an hour before
      '2026-11-02T14:00:00.000Z 2026-11-02T13:00:00.000Z', // 09:00 EST after 1 November
      '2026-11-09T14:00:00.000Z 2026-11-09T13:00:00.000Z',
      '2026-11-16T14:00:00.000Z 2026-11-16T13:00:00.000Z',
      // COUNT=6 from 19 October: 23 November is the sixth, after the window
    ]);
  });

  it("spring: UNTIL (UTC) includes the occurrence it names, read in the event's zone", () => {
    const reminders = imported(
      'outlook-exchange.ics',
      settings('2027-03-20T08:00:00.000Z', 'Europe/Berlin'),
    );
    expect(reminders.filter((r) => r.title === 'Weekly sync').map((r) => r.eventAt)).toEqual([
      '2027-03-25T09:00:00.000Z', // 10:00 CET
      '2027-04-01T08:00:00.000Z', // 10:00 CEST = UNTIL exactly; 8 April is past it
    ]);
  });
});

describe('Apple Calendar export (America/New_York)', () => {
  it('a repeated local hour is its first pass; ACTION:NONE is no alarm; an all-day alarm counts from local midnight', () => {
    const reminders = imported(
      'apple-home.ics',
      settings('2026-10-20T08:00:00.000Z', 'America/New_York'),
    );
    expect(rows(reminders)).toEqual([
      '2026-11-01T05:00:00.000Z lead:1800 Night shift handover 8E5B1C2A-3D4F-4A6B-9C8D-7E6F5A4B3C2D',
      "2026-11-02T14:00:00.000Z lead:54000 Sam's birthday B1C2D3E4-F5A6-4B7C-8D9E-0F1A2B3C4D5E#20261103",
    ]);
    const night = reminders.find((r) => r.title === 'Night shift handover')!;
    expect(night.eventAt).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, not 01:30 EST
  });

  it('spring: a start in the gap moves forward by the gap', () => {
    const reminders = imported(
      'apple-home.ics',
      settings('2027-03-10T08:00:00.000Z', 'America/New_York'),
    );
    const train = reminders.find((r) => r.title === 'Early train')!;
    expect(train).toMatchObject({ eventAt: '2027-03-14T07:30:00.000Z', rule: 'lead:900' });
  });

  it('RDATE adds occurrences with their own times and the series duration', () => {
    const reminders = imported(
      'apple-home.ics',
      settings('2026-09-10T08:30:00.000Z', 'America/New_York'),
    );
    expect(
      reminders.filter((r) => r.title === 'Piano lesson').map((r) => `${r.eventAt}–${r.expiresAt}`),
    ).toEqual([
      '2026-09-15T22:00:00.000Z–2026-09-15T23:00:00.000Z',
      '2026-09-22T22:00:00.000Z–2026-09-22T23:00:00.000Z',
      '2026-09-29T21:30:00.000Z–2026-09-29T22:30:00.000Z',
    ]);
  });
});
