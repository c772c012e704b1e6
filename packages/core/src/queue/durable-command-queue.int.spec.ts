import { IsInt, IsOptional, IsString } from 'class-validator';
import { injectable } from 'inversify';
import { sql } from 'kysely';
import { Command, type CommandHandler } from '../commands/command';
import { BoundedContext } from '../context/bounded-context';
import { createTestApplication } from '../testing';

/** Records every run; throws while `failures` remain for its key. */
const runs: { key: string; at: string }[] = [];
const failures = new Map<string, number>();

class Touch extends Command<void> {
  static readonly type = 'test.touch';
  @IsString() key!: string;
  @IsOptional() @IsInt() n?: number;
}

@injectable()
class TouchHandler implements CommandHandler<Touch> {
  static readonly handles = Touch;
  constructor() {}
  execute(command: Touch): Promise<void> {
    const left = failures.get(command.key) ?? 0;
    if (left > 0) {
      failures.set(command.key, left - 1);
      return Promise.reject(new Error(`boom ${command.key}`));
    }
    runs.push({ key: command.key, at: new Date().toISOString() });
    return Promise.resolve();
  }
}

const testContext = BoundedContext.create({
  name: 'test',
  migrations: {},
  commands: [TouchHandler],
});

function touch(key: string): Touch {
  return Object.assign(new Touch(), { key });
}

beforeEach(() => {
  runs.length = 0;
  failures.clear();
});

describe('DurableCommandQueue', () => {
  it('runs a command at its instant and not before, with one timer armed', async () => {
    const { app, clock } = await createTestApplication([testContext]);
    app.start();
    await app.queue.enqueue(touch('a'), { delayMs: 5_000 });
    await app.queue.enqueue(touch('b'), { delayMs: 9_000 });
    expect(clock.timerInstants().filter((t) => +t - +clock.now() < 60_000)).toHaveLength(1);
    await clock.advance(4_999);
    expect(runs).toEqual([]);
    await clock.advance(1);
    expect(runs.map((r) => r.key)).toEqual(['a']);
    await clock.advance(4_000);
    expect(runs.map((r) => r.key)).toEqual(['a', 'b']);
    expect((await app.queue.stats()).pending).toBe(0);
    await app.stop();
  });

  it('keeps one pending row per key and can only move a wake-up earlier', async () => {
    const { app, clock } = await createTestApplication([testContext]);
    app.start();
    await app.queue.enqueue(touch('w'), {
      delayMs: 10_000,
      key: 'wake',
      onKeyConflict: 'keep-earlier',
    });
    await app.queue.enqueue(touch('w'), {
      delayMs: 20_000,
      key: 'wake',
      onKeyConflict: 'keep-earlier',
    });
    await app.queue.enqueue(touch('w'), {
      delayMs: 3_000,
      key: 'wake',
      onKeyConflict: 'keep-earlier',
    });
    const stats = await app.queue.stats();
    expect(stats.pending).toBe(1);
    expect(stats.earliestDue).toBe('2026-09-10T08:30:03.000Z');
    await clock.advance(3_000);
    expect(runs).toHaveLength(1);
    await clock.advance(60_000);
    expect(runs).toHaveLength(1);
    await app.stop();
  });

  it('retries with exponential backoff and keeps the last error when attempts run out', async () => {
    const { app, clock } = await createTestApplication([testContext]);
    app.start();
    failures.set('f', 10);
    await app.queue.enqueue(touch('f'), {
      maxAttempts: 3,
      backoff: { baseMs: 1_000, maxMs: 60_000 },
    });
    await clock.advance(0);
    expect(failures.get('f')).toBe(9);
    await clock.advance(999);
    expect(failures.get('f')).toBe(9);
    await clock.advance(1);
    expect(failures.get('f')).toBe(8);
    await clock.advance(2_000);
    expect(failures.get('f')).toBe(7);
    await clock.advance(3_600_000);
    expect(failures.get('f')).toBe(7);
    const db = app.database.kysely;
    const rows = await sql<{
      status: string;
      last_error: string;
      attempts: number;
    }>`select status, last_error, attempts from shared_scheduled_commands`.execute(db);
    expect(rows.rows).toEqual([{ status: 'failed', last_error: 'Error: boom f', attempts: 3 }]);
    await app.stop();
  });

  it('fails a command that can never validate without retrying it', async () => {
    const { app, clock } = await createTestApplication([testContext]);
    app.start();
    await app.queue.enqueue({ type: 'test.touch', payload: { key: 42 } }, { maxAttempts: 5 });
    await clock.advance(0);
    expect((await app.queue.stats()).failed).toBe(1);
    await app.stop();
  });

  it('runs a repeatable once after downtime and records the skipped occurrences', async () => {
    const { app, clock } = await createTestApplication([testContext]);
    await app.queue.schedule(touch('r'), 'job:r', { repeat: { every: '1m' }, delayMs: 0 });
    app.start();
    await clock.advance(0);
    expect(runs).toHaveLength(1);
    await clock.advance(60_000);
    expect(runs).toHaveLength(2);
    await app.queue.stop();
    clock.set(+clock.now() + 3 * 86_400_000 + 1_000);
    app.start();
    await clock.advance(0);
    expect(runs).toHaveLength(3);
    const row = await sql<{
      skipped_runs: number;
      runs: number;
      run_at: string;
    }>`select skipped_runs, runs, run_at from shared_scheduled_commands`.execute(
      app.database.kysely,
    );
    expect(row.rows[0]).toMatchObject({ runs: 3, skipped_runs: 3 * 1440 - 1 });
    await app.stop();
  });

  it('registering a job twice keeps one row and a new cadence replaces the old one', async () => {
    const { app } = await createTestApplication([testContext]);
    await app.queue.schedule(touch('j'), 'job:j', { repeat: { every: '1m' } });
    await app.queue.schedule(touch('j'), 'job:j', { repeat: { every: '1m' } });
    await app.queue.schedule(touch('j'), 'job:j', { repeat: { every: '5m' } });
    const rows = await sql<{
      repeat_every_ms: number;
    }>`select repeat_every_ms from shared_scheduled_commands`.execute(app.database.kysely);
    expect(rows.rows).toEqual([{ repeat_every_ms: 300_000 }]);
    await app.stop();
  });
});
