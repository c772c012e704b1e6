import { type ScheduledCommandRow } from './queue.tables';
import { errorText, isRepeatable, rearmChanges } from './repeat-rearm';

const T0 = Date.parse('2026-09-10T08:30:00.000Z');
const iso = (ms: number): string => new Date(T0 + ms).toISOString();

function row(changes: Partial<ScheduledCommandRow> = {}): ScheduledCommandRow {
  return {
    id: 'r1',
    command_type: 'test.job',
    payload: '{}',
    key: 'job:test',
    status: 'running',
    run_at: iso(30_000),
    scheduled_for: iso(0),
    attempts: 2,
    max_attempts: 5,
    backoff_base_ms: 1000,
    backoff_max_ms: 60_000,
    lease_token: 'token',
    claimed_by: 'instance-1',
    last_error: 'Error: earlier',
    repeat_every_ms: 60_000,
    repeat_cron: null,
    repeat_tz: null,
    runs: 4,
    skipped_runs: 1,
    failed_runs: 0,
    last_run_at: null,
    created_at: iso(0),
    updated_at: iso(0),
    ...changes,
  };
}

describe('rearmChanges', () => {
  it('moves a run to its next grid occurrence and resets the attempt count', () => {
    const { changes, skipped } = rearmChanges(row(), null, T0 + 1_500);
    expect(skipped).toBe(0);
    expect(changes).toEqual({
      status: 'pending',
      run_at: iso(60_000),
      scheduled_for: iso(60_000),
      attempts: 0,
      lease_token: null,
      claimed_by: null,
      runs: 5,
      skipped_runs: 1,
      failed_runs: 0,
      last_error: 'Error: earlier',
      last_run_at: iso(1_500),
      updated_at: iso(1_500),
    });
  });

  it('after downtime runs once and counts the occurrences skipped; a failed run is recorded', () => {
    const { changes, skipped } = rearmChanges(row(), new Error('boom'), T0 + 10 * 60_000 + 5);
    expect(skipped).toBe(10);
    expect(changes).toMatchObject({
      run_at: iso(11 * 60_000),
      skipped_runs: 11,
      failed_runs: 1,
      last_error: 'Error: boom',
    });
  });
});

describe('errorText and isRepeatable', () => {
  it('keeps the error name and message, bounded', () => {
    expect(errorText(new TypeError('bad'))).toBe('TypeError: bad');
    expect(errorText('x'.repeat(10_000))).toHaveLength(4000);
  });

  it('tells repeatable rows (cadence or cron) from one-shot ones', () => {
    expect(isRepeatable(row())).toBe(true);
    expect(isRepeatable(row({ repeat_every_ms: null, repeat_cron: '0 9 * * *' }))).toBe(true);
    expect(isRepeatable(row({ repeat_every_ms: null }))).toBe(false);
  });
});
