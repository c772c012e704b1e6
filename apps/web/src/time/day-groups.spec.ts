import { dayLabel, groupByDay, previewText, timeOfDay } from './day-groups';

// Wednesday 2 December 2026, 15:20 in Berlin.
const NOW = Date.parse('2026-12-02T14:20:00.000Z');
const ZONE = 'Europe/Berlin';

describe('day headings in the browser zone', () => {
  it('says Today, Tomorrow, the weekday within a week, then the date', () => {
    expect(dayLabel('2026-12-02', '2026-12-02')).toBe('Today');
    expect(dayLabel('2026-12-03', '2026-12-02')).toBe('Tomorrow');
    expect(dayLabel('2026-12-04', '2026-12-02')).toBe('Friday');
    expect(dayLabel('2026-12-08', '2026-12-02')).toBe('Tuesday');
    expect(dayLabel('2026-12-09', '2026-12-02')).toBe('Wed 9 Dec');
    expect(dayLabel('2027-01-04', '2026-12-02')).toBe('Mon 4 Jan 2027');
  });

  it('groups by the local day, not the UTC day', () => {
    const rows = [
      '2026-12-02T22:30:00.000Z', // 23:30 Berlin: still today
      '2026-12-02T23:30:00.000Z', // 00:30 Berlin: tomorrow
      '2026-12-03T08:00:00.000Z',
      '2026-12-10T08:00:00.000Z',
    ];
    const groups = groupByDay(rows, (r) => r, NOW, ZONE);
    expect(groups.map((g) => [g.label, g.rows.length])).toEqual([
      ['Today', 1],
      ['Tomorrow', 2],
      ['Thu 10 Dec', 1],
    ]);
    expect(groupByDay(rows, (r) => r, NOW, 'UTC').map((g) => g.label)).toEqual([
      'Today',
      'Tomorrow',
      'Thu 10 Dec',
    ]);
  });

  it('shows local 24-hour times and the preview with the distance', () => {
    expect(timeOfDay('2026-12-03T08:00:00.000Z', ZONE)).toBe('09:00');
    expect(previewText('2026-12-04T08:00:00.000Z', NOW, ZONE)).toBe('Fri 4 Dec, 09:00 — in 2 days');
    expect(previewText('2026-12-02T16:20:00.000Z', NOW, ZONE)).toBe(
      'Wed 2 Dec, 17:20 — in 2 hours',
    );
    // Issue 31: "in 90 minutes" is not "in 1 hour".
    expect(previewText('2026-12-02T15:50:00.000Z', NOW, ZONE)).toBe(
      'Wed 2 Dec, 16:50 — in 1 hour 30 minutes',
    );
    expect(previewText('2026-12-02T16:21:00.000Z', NOW, ZONE)).toBe(
      'Wed 2 Dec, 17:21 — in 2 hours 1 minute',
    );
    expect(previewText('2026-12-02T12:50:00.000Z', NOW, ZONE)).toBe(
      'Wed 2 Dec, 13:50 — 1 hour 30 minutes ago',
    );
    expect(previewText('2026-12-02T21:50:00.000Z', NOW, ZONE)).toBe(
      'Wed 2 Dec, 22:50 — in 8 hours',
    );
  });
});
