import { sql } from 'kysely';
import { UuidV7Generator } from '../clock/id-generator';
import { Command } from '../commands/command';
import { type Application } from '../context/application';
import { type Transaction } from '../database/unit-of-work';
import { createTestApplication } from '../testing';
import { QueueStore } from './queue-store';
import { InvalidEnqueueOptionsError, QueueWriter } from './queue-writer';

class Ping extends Command<void> {
  static readonly type = 'test.ping';
  n = 1;
}

let app: Application;
let armed: string[];
let announced: string[];
let writer: QueueWriter;

beforeEach(async () => {
  ({ app } = await createTestApplication());
  armed = [];
  announced = [];
  writer = new QueueWriter(
    new QueueStore(app.database.dialect),
    app.uow,
    app.clock,
    new UuidV7Generator(),
    5,
    {
      announce: (_tx: Transaction, runAt: string) => {
        announced.push(runAt);
        return Promise.resolve();
      },
      armAt: (ms) => armed.push(new Date(ms).toISOString()),
    },
  );
});

afterEach(() => app.stop());

async function rows() {
  const { rows } = await sql<{
    command_type: string;
    payload: string;
    run_at: string;
    max_attempts: number;
    repeat_cron: string | null;
  }>`select command_type, payload, run_at, max_attempts, repeat_cron from shared_scheduled_commands order by run_at`.execute(
    app.database.kysely,
  );
  return rows;
}

describe('QueueWriter', () => {
  it('writes a command with its static type and data, announces it, and arms after commit', async () => {
    await writer.enqueue(new Ping(), { delayMs: 5_000 });
    expect(await rows()).toEqual([
      {
        command_type: 'test.ping',
        payload: '{"n":1}',
        run_at: '2026-09-10T08:30:05.000Z',
        max_attempts: 5,
        repeat_cron: null,
      },
    ]);
    expect(announced).toEqual(['2026-09-10T08:30:05.000Z']);
    expect(armed).toEqual(['2026-09-10T08:30:05.000Z']);
  });

  it('arms nothing when the caller’s transaction rolls back, and the row is gone with it', async () => {
    await expect(
      app.uow.run(async (tx) => {
        await writer.enqueue(
          { type: 'test.ping', payload: {} },
          { runAt: '2026-09-10T09:00:00Z' },
          tx,
        );
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(armed).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('names the option at fault', async () => {
    const bad = [
      writer.enqueue(new Ping(), { delayMs: -1 }),
      writer.enqueue(new Ping(), { delayMs: Number.NaN }),
      writer.enqueue(new Ping(), { maxAttempts: 0 }),
      writer.enqueue(new Ping(), { maxAttempts: 1.5 }),
      writer.enqueue({}), // a plain object: no static `type` to route by
    ];
    const fields = (await Promise.allSettled(bad)).map((r) =>
      r.status === 'rejected' && r.reason instanceof InvalidEnqueueOptionsError
        ? r.reason.field
        : 'accepted',
    );
    expect(fields).toEqual(['delayMs', 'delayMs', 'maxAttempts', 'maxAttempts', 'command']);
    expect(await rows()).toEqual([]);
  });

  it('starts a cron repeatable at its first occurrence in its zone', async () => {
    await writer.enqueue(new Ping(), { repeat: { cron: '0 9 * * *', tz: 'Europe/Berlin' } });
    expect((await rows()).map((r) => [r.run_at, r.repeat_cron])).toEqual([
      ['2026-09-11T07:00:00.000Z', '0 9 * * *'],
    ]);
  });

  it('schedule keeps one row per key, re-plans a changed cadence and arms for it', async () => {
    const hourly = { repeat: { every: '1h' }, delayMs: 3_600_000 };
    await writer.schedule(new Ping(), 'job:ping', hourly);
    await writer.schedule(new Ping(), 'job:ping', hourly);
    expect(armed).toEqual(['2026-09-10T09:30:00.000Z']);
    await writer.schedule(new Ping(), 'job:ping', { repeat: { every: '10m' } });
    expect((await rows()).map((r) => r.run_at)).toEqual(['2026-09-10T08:40:00.000Z']);
    expect(armed).toEqual(['2026-09-10T09:30:00.000Z', '2026-09-10T08:40:00.000Z']);
  });
});
