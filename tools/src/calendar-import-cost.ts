// Wall time of one calendar import through the built import worker, its start-up included:
// the Google fixture of packages/calendar, and a generated file of 2,500 events (~1 MiB).
// Usage: npm run build && node tools/dist/src/calendar-import-cost.js   (5 runs each)
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_IMPORT_LIMITS, WorkerIcsImporter } from '@tickler/calendar/context';

const SETTINGS = {
  calendarId: 'cost',
  now: '2026-10-20T08:00:00.000Z',
  windowDays: 30,
  leads: ['lead:900'],
  timeZone: 'Europe/Berlin',
  allDayAt: '09:00',
  allDayDaysBefore: 1,
  limits: DEFAULT_IMPORT_LIMITS,
};

/** 2,500 timed events with a description, a location and an alarm each, in October 2026. */
function generated(): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:cost'];
  for (let i = 0; i < 2500; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:cost-${i}@example.com`,
      `DTSTART;TZID=Europe/Berlin:202610${day}T090000`,
      `DTEND;TZID=Europe/Berlin:202610${day}T100000`,
      `SUMMARY:Meeting ${i} with a reasonably long title`,
      'DESCRIPTION:A description about as long as a real one\\, with escapes\\nand lines.',
      `LOCATION:Room ${i}`,
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT15M',
      'END:VALARM',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

async function main(): Promise<void> {
  const importer = new WorkerIcsImporter();
  const google = path.join(
    __dirname,
    '../../../packages/calendar/test/fixtures/ics/google-work.ics',
  );
  const files: [string, string][] = [
    ['google-work.ics', fs.readFileSync(google, 'utf8')],
    ['2,500 generated events', generated()],
  ];
  for (const [name, text] of files) {
    const times: number[] = [];
    let summary = '';
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const outcome = await importer.import(text, SETTINGS);
      times.push(performance.now() - started);
      summary = outcome.ok
        ? `${outcome.events} events, ${outcome.reminders.length} reminders`
        : outcome.error;
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `${name} (${text.length} chars; ${summary}): median ${Math.round(times[2]!)} ms, min ${Math.round(times[0]!)} ms\n`,
    );
  }
}

void main();
