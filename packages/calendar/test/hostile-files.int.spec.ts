import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { AddCalendar, ListCalendars, SyncCalendar } from '../src';
import { DEFAULT_IMPORT_LIMITS } from '../src/context';
import { type ImportSettings } from '../src/application/ports/ics-importer.port';
import { WorkerIcsImporter } from '../src/infrastructure/ics/worker-ics-importer';
import { createCalendarTestApp, TEST_IMPORT_WORKER } from '../src/testing';

// Bad and hostile calendar files end as a clear error on the source (or a skipped event named
// on it), never as a crash or a stalled daemon: size is bounded before parsing, nesting and
// counts by the line scan, recurrences by steps, and the whole import by a worker thread's time
// and heap limits.

const NOW = '2026-10-20T08:00:00.000Z';

let dir: TempDirectory;
const apps: Application[] = [];

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  dir.remove();
});

const calendar = (...lines: string[]): string =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');

const event = (uid: string, ...lines: string[]): string[] => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'SUMMARY:x',
  ...lines,
  'END:VEVENT',
];

function settings(limits: Partial<ImportSettings['limits']> = {}): ImportSettings {
  return {
    calendarId: 'cal',
    now: NOW,
    windowDays: 30,
    leads: ['lead:900'],
    timeZone: 'Europe/Berlin',
    allDayAt: '09:00',
    allDayDaysBefore: 1,
    limits: { ...DEFAULT_IMPORT_LIMITS, ...limits },
  };
}

const importer = new WorkerIcsImporter(TEST_IMPORT_WORKER);

describe('the import worker', () => {
  it('refuses deep nesting from the line scan', async () => {
    const nested = [
      ...Array.from({ length: 10_000 }, (_, i) => `BEGIN:X-N${i}`),
      ...Array.from({ length: 10_000 }, (_, i) => `END:X-N${9_999 - i}`),
    ];
    expect(await importer.import(calendar(...nested), settings())).toEqual({
      ok: false,
      error: 'line 8: components nested deeper than 6 levels',
    });
  });

  it('refuses more events than the limit before building any', async () => {
    const events = Array.from({ length: 101 }, (_, i) =>
      event(`e${i}`, 'DTSTART:20261101T090000Z'),
    ).flat();
    expect(await importer.import(calendar(...events), settings({ maxEvents: 100 }))).toEqual({
      ok: false,
      error: 'more than 100 events in one calendar',
    });
  });

  it('names unbalanced components and text that is not a calendar', async () => {
    expect(await importer.import(calendar('BEGIN:VEVENT', 'END:VTODO'), settings())).toEqual({
      ok: false,
      error: 'line 4: END:VTODO does not close BEGIN:VEVENT',
    });
    expect(await importer.import('<html>Sign in</html>', settings())).toMatchObject({
      ok: false,
      error: 'not an iCalendar file: it does not start with BEGIN:VCALENDAR',
    });
    expect(await importer.import('BEGIN:VCALENDAR\r\nBEGIN:VEVENT', settings())).toMatchObject({
      ok: false,
      error: 'the file ends inside BEGIN:VEVENT',
    });
  });

  it('skips an endless recurrence by steps, and imports the rest', async () => {
    const text = calendar(
      ...event('secondly', 'DTSTART:19700101T000000Z', 'RRULE:FREQ=SECONDLY'),
      ...event('fine', 'DTSTART:20261101T090000Z'),
    );
    const outcome = await importer.import(text, settings({ maxStepsPerEvent: 10_000 }));
    expect(outcome).toMatchObject({
      ok: true,
      skippedCount: 1,
      skipped: [
        {
          uid: 'secondly',
          reason: 'its recurrence needs more than 10000 steps to reach the reminder window',
        },
      ],
    });
    expect(outcome.ok && outcome.reminders.map((r) => r.instanceKey)).toEqual(['fine']);
  });

  it('stops a whole import over its total steps', async () => {
    const events = Array.from({ length: 5 }, (_, i) =>
      event(`daily-${i}`, 'DTSTART:20000101T090000Z', 'RRULE:FREQ=DAILY'),
    ).flat();
    expect(await importer.import(calendar(...events), settings({ maxSteps: 20_000 }))).toEqual({
      ok: false,
      error: 'reading the recurrences took more than 20000 steps in all',
    });
  });

  it('skips invalid dates by name instead of reading them as another day', async () => {
    const text = calendar(
      ...event('bad-month', 'DTSTART:20261341T250000Z'),
      ...event(
        'bad-exdate',
        'DTSTART:20261101T090000Z',
        'RRULE:FREQ=DAILY',
        'EXDATE:20260230T090000Z',
      ),
      ...event('no-start'),
      ...event('good', 'DTSTART:20261102T090000Z'),
    );
    const outcome = await importer.import(text, settings());
    expect(outcome).toMatchObject({
      ok: true,
      skippedCount: 3,
      skipped: [
        { uid: 'bad-month', reason: 'its DTSTART "2026-13-41T25:00:00Z" is not a valid date' },
        { uid: 'bad-exdate', reason: 'its EXDATE "2026-02-30T09:00:00Z" is not a valid date' },
        { uid: 'no-start', reason: 'it has no valid DTSTART' },
      ],
    });
    expect(outcome.ok && outcome.reminders.map((r) => r.instanceKey)).toEqual(['good']);
  });

  it('stops a rule ical.js would loop on for ever at the time limit, without holding the event loop', async () => {
    // FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30 never matches: ical.js's next() never returns.
    const text = calendar(
      ...event('never', 'DTSTART:20260101T090000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'),
    );
    let settled = false;
    const pending = importer.import(text, settings({ maxMillis: 2000 })).finally(() => {
      settled = true;
    });
    // The daemon's own loop is free meanwhile: timers and I/O go on.
    await new Promise((resolve) => setImmediate(resolve));
    fs.writeFileSync(dir.file('probe.txt'), 'io still runs');
    expect(settled).toBe(false);
    expect(await pending).toEqual({
      ok: false,
      error: 'reading the file took longer than 2 s (a recurrence rule that never matches?)',
    });
  });
});

describe('a hostile source recorded on the calendar', () => {
  async function syncOf(file: string, options: Parameters<typeof createCalendarTestApp>[0] = {}) {
    const { app } = await createCalendarTestApp({ at: NOW, ...options });
    apps.push(app);
    const added = await app.dispatch(
      Object.assign(new AddCalendar(), { recipientId: 'alice', source: file, name: 'X' }),
    );
    await app.dispatch(
      Object.assign(new SyncCalendar(), { recipientId: 'alice', calendarId: added.id }),
    );
    const [listed] = await app.dispatch(
      Object.assign(new ListCalendars(), { recipientId: 'alice' }),
    );
    return listed!;
  }

  it('a file over the size limit is refused before it is read whole', async () => {
    const file = dir.file('huge.ics');
    fs.writeFileSync(file, calendar('X-PAD:' + 'a'.repeat(70_000)));
    expect(await syncOf(file, { maxBytes: 64 * 1024 })).toMatchObject({
      lastError: 'the file is larger than 64 KiB',
      reminderCount: 0,
    });
  });

  it('binary content, a folder and a FIFO without a writer are refused, not waited on', async () => {
    const binary = dir.file('binary.ics');
    fs.writeFileSync(binary, Buffer.from([0x42, 0x00, 0x01]));
    expect((await syncOf(binary)).lastError).toBe('this is not a text file');
    const fifo = dir.file('pipe.ics');
    execFileSync('mkfifo', [fifo]);
    expect((await syncOf(fifo)).lastError).toBe('this is not a regular file');
    expect((await syncOf(dir.path)).lastError).toBe('this is not a regular file');
  });

  it('an endless recurrence is named on the source; the other events still remind', async () => {
    const file = dir.file('mixed.ics');
    fs.writeFileSync(
      file,
      calendar(
        ...event('secondly', 'DTSTART:19700101T000000Z', 'RRULE:FREQ=SECONDLY'),
        ...event('fine', 'DTSTART:20261101T090000Z'),
      ),
    );
    expect(await syncOf(file, { limits: { maxStepsPerEvent: 10_000 } })).toMatchObject({
      lastError:
        'skipped 1 event: "secondly": its recurrence needs more than 10000 steps to reach the reminder window',
      reminderCount: 1,
      eventCount: 2,
    });
  });
});
