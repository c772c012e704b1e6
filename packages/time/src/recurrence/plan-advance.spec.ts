import { MAX_MISSED_LISTED, planAdvance } from './plan-advance';
import { RecurrenceRule } from './recurrence-rule';

const DAILY_9_UTC = RecurrenceRule.create({
  rule: 'FREQ=DAILY;BYHOUR=9,10,11;BYMINUTE=0',
  timeZone: 'UTC',
  start: '2026-01-01T09:00:00Z',
});
const HOUR = 3_600_000;
const first = { instant: '2026-01-01T09:00:00.000Z', number: 1 };

describe('planAdvance: a missed run is a decision (SCH-04)', () => {
  it('on time: the next occurrence, nothing missed', () => {
    const plan = planAdvance(DAILY_9_UTC, first, '2026-01-01T09:00:01.000Z', HOUR);
    expect(plan.missed).toEqual([]);
    expect(plan.unlisted).toBe(0);
    expect(plan.next).toMatchObject({ instant: '2026-01-01T10:00:00.000Z', number: 2 });
  });

  it('after downtime: passed ones beyond grace are missed too-late, the next FUTURE one is scheduled', () => {
    const plan = planAdvance(DAILY_9_UTC, first, '2026-01-02T09:30:00.000Z', 0);
    expect(plan.missed.map((m) => [m.occurrence.instant, m.reason])).toEqual([
      ['2026-01-01T10:00:00.000Z', 'too-late'],
      ['2026-01-01T11:00:00.000Z', 'too-late'],
      ['2026-01-02T09:00:00.000Z', 'too-late'],
    ]);
    expect(plan.next).toMatchObject({ instant: '2026-01-02T10:00:00.000Z', number: 5 });
  });

  it('within grace only the latest passed one goes out (at once); earlier ones are superseded — no burst', () => {
    const plan = planAdvance(DAILY_9_UTC, first, '2026-01-01T11:30:00.000Z', 3 * HOUR);
    expect(plan.missed.map((m) => [m.occurrence.instant, m.reason])).toEqual([
      ['2026-01-01T10:00:00.000Z', 'superseded'],
    ]);
    expect(plan.next).toMatchObject({ instant: '2026-01-01T11:00:00.000Z', number: 3 });
  });

  it('years of downtime: lists a few, jumps the rest uncounted, lands on the next future one', () => {
    const plan = planAdvance(DAILY_9_UTC, first, '2029-01-01T09:30:00.000Z', 0);
    expect(plan.missed.length).toBeLessThanOrEqual(MAX_MISSED_LISTED);
    expect(plan.missed.length).toBeGreaterThan(2);
    expect(plan.unlisted).toBeNull();
    expect(plan.next).toMatchObject({ instant: '2029-01-01T10:00:00.000Z' });
  });

  it('with COUNT the jump still counts, so the series ends on time', () => {
    const rule = RecurrenceRule.create({
      rule: 'FREQ=DAILY;COUNT=100',
      timeZone: 'UTC',
      start: '2026-01-01T09:00:00Z',
    });
    const plan = planAdvance(rule, first, '2026-03-01T09:30:00.000Z', 0);
    // 1 Jan … 1 Mar is 60 days: occurrences 2…60 passed, 61 is 2 March.
    expect(plan.missed.length + (plan.unlisted ?? 0)).toBe(59);
    expect(plan.next).toMatchObject({ instant: '2026-03-02T09:00:00.000Z', number: 61 });
  });

  it('a series that ran out while down ends (next null), its passed occurrences missed', () => {
    const rule = RecurrenceRule.create({
      rule: 'FREQ=DAILY;COUNT=3',
      timeZone: 'UTC',
      start: '2026-01-01T09:00:00Z',
    });
    const plan = planAdvance(rule, first, '2026-02-01T00:00:00.000Z', HOUR);
    expect(plan.missed).toHaveLength(2);
    expect(plan.next).toBeNull();
  });
});
