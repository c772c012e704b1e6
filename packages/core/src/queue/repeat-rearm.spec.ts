import { type ScheduledCommandRow } from './queue.tables';
import { errorText, isRepeatable, isSkippedAsTooLate, rearmChanges } from './repeat-rearm';

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
    repeat_on_missed: null,
    repeat_grace_ms: null,
    runs: 4,
    skipped_runs: 1,
    failed_runs: 0,
    last_run_at: null,
    created_at: iso(0),
    updated_at: iso(0),
    ...changes,
  };
}

const RAN = { ran: true, error: null } as const;

describe('rearmChanges', () => {
  it('moves a run to its next grid occurrence and resets the attempt count', () => {
    const { changes, skipped } = rearmChanges(row(), RAN, T0 + 1_500);
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
    const { changes, skipped, ledger } = rearmChanges(
      row(),
      { ran: true, error: new Error('boom') },
      T0 + 10 * 60_000 + 5,
    );
    expect(skipped).toBe(10);
    expect(changes).toMatchObject({
      run_at: iso(11 * 60_000),
      skipped_runs: 11,
      failed_runs: 1,
      last_error: 'Error: boom',
    });
    expect(ledger[0]).toEqual({ instant: iso(0), outcome: 'failed', reason: 'Error: boom' });
    expect(ledger.slice(1).map((e) => [e.instant, e.outcome, e.reason])).toEqual(
      Array.from({ length: 10 }, (_, i) => [iso((i + 1) * 60_000), 'skipped', 'collapsed']),
    );
  });

  it('records the run on time, or late past its grace (run-once)', () => {
    expect(rearmChanges(row(), RAN, T0 + 60_000).ledger).toEqual([
      { instant: iso(0), outcome: 'ran', reason: null },
      { instant: iso(60_000), outcome: 'skipped', reason: 'collapsed' },
    ]);
    const graceful = row({ repeat_grace_ms: 30_000 });
    expect(rearmChanges(graceful, RAN, T0 + 30_000).ledger).toEqual([
      { instant: iso(0), outcome: 'ran', reason: null },
    ]);
    expect(rearmChanges(graceful, RAN, T0 + 30_001).ledger).toEqual([
      { instant: iso(0), outcome: 'ran', reason: 'late' },
    ]);
  });

  it('skip: the late occurrence and those in between recorded too-late, none counted a run', () => {
    const skipping = row({ repeat_on_missed: 'skip', repeat_grace_ms: 5_000 });
    expect(isSkippedAsTooLate(skipping, T0 + 5_000)).toBe(false);
    expect(isSkippedAsTooLate(skipping, T0 + 5_001)).toBe(true);
    expect(isSkippedAsTooLate(row({ repeat_grace_ms: 5_000 }), T0 + 3_600_000)).toBe(false);
    const { changes, ledger } = rearmChanges(skipping, { ran: false }, T0 + 150_000);
    expect(changes).toMatchObject({
      run_at: iso(180_000),
      runs: 4,
      skipped_runs: 1 + 3,
      last_run_at: null,
    });
    expect(ledger.map((e) => [e.instant, e.outcome, e.reason])).toEqual([
      [iso(0), 'skipped', 'too-late'],
      [iso(60_000), 'skipped', 'too-late'],
      [iso(120_000), 'skipped', 'too-late'],
    ]);
  });

  it('lists at most the last 100 skipped instants however long the downtime', () => {
    const { skipped, ledger } = rearmChanges(row(), RAN, T0 + 10_000 * 60_000);
    expect(skipped).toBe(10_000);
    expect(ledger).toHaveLength(101);
    expect(ledger.at(-1)?.instant).toBe(iso(10_000 * 60_000));
    expect(ledger[1]?.instant).toBe(iso(9_901 * 60_000));
  });
});

describe('errorText and isRepeatable', () => {
  it('keeps the error name and message, bounded', () => {
    expect(errorText(new TypeError('bad'))).toBe('TypeError: bad');
    expect(errorText('x'.repeat(10_000))).toHaveLength(4000);
    expect(errorText(new RangeError('y'.repeat(10_000)))).toBe(`RangeError: ${'y'.repeat(3988)}`);
  });

  it('tells repeatable rows (cadence or cron) from one-shot ones', () => {
    expect(isRepeatable(row())).toBe(true);
    expect(isRepeatable(row({ repeat_every_ms: null, repeat_cron: '0 9 * * *' }))).toBe(true);
    expect(isRepeatable(row({ repeat_every_ms: null }))).toBe(false);
  });
});
