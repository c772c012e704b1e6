import path from 'node:path';
import { sql } from 'kysely';
import { spawnFixture } from '@tickler/testing';
import { addEntry, ledgerContext, ledgerRows, observed } from '../../test/fixtures/ledger-context';
import { type Application } from '../context/application';
import { createTempDirectory, createTestApplication, type TempDirectory } from '../testing';
import { DeliverEvents } from './deliver-events.command';

let dir: TempDirectory;
const apps: Application[] = [];

beforeEach(() => {
  dir = createTempDirectory();
  observed.noops = 0;
});

afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  dir.remove();
});

async function boot(): Promise<Awaited<ReturnType<typeof createTestApplication>>> {
  const booted = await createTestApplication([ledgerContext], { file: dir.file('app.db') });
  apps.push(booted.app);
  return booted;
}

async function queueRows(app: Application): Promise<{ command_type: string; status: string }[]> {
  const { rows } = await sql<{
    command_type: string;
    status: string;
  }>`select command_type, status from shared_scheduled_commands order by command_type`.execute(
    app.database.kysely,
  );
  return rows;
}

/** The batch the (one) pending `core.deliver-events` queue row names. */
async function batchOf(app: Application): Promise<string> {
  const { rows } = await sql<{ payload: string }>`select payload from shared_scheduled_commands
    where command_type = ${DeliverEvents.type}`.execute(app.database.kysely);
  expect(rows).toHaveLength(1);
  return (JSON.parse(rows[0]?.payload ?? '{}') as { batch: string }).batch;
}

async function eventRowCount(app: Application): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from shared_event_rows`.execute(
    app.database.kysely,
  );
  return Number(rows[0]?.n);
}

describe('durable subscribers (projectors)', () => {
  it('receive each committed event once, through the queue, after the commit', async () => {
    const { app, clock } = await boot();
    await app.dispatch(addEntry('a'));
    await app.dispatch(addEntry('b'));
    expect(await ledgerRows(app.database.kysely, 'ledger_projection')).toEqual([]);
    app.start();
    await clock.advance(0);
    const projected = await ledgerRows(app.database.kysely, 'ledger_projection');
    expect(projected.map((r) => r['entry_id']).sort()).toEqual(['a', 'b']);
    // Only the follow-up no-ops are left; the delivery rows completed and were removed.
    expect((await queueRows(app)).map((r) => r.command_type)).toEqual([
      'ledger.noop',
      'ledger.noop',
    ]);
  });

  it('never projects a rolled-back event', async () => {
    const { app, clock } = await boot();
    await expect(app.dispatch(addEntry('x', true))).rejects.toThrow();
    app.start();
    await clock.advance(0);
    expect(await ledgerRows(app.database.kysely, 'ledger_projection')).toEqual([]);
  });

  it('takes a batch once: a queue row naming a batch already handled projects nothing', async () => {
    const { app, clock } = await boot();
    await app.dispatch(addEntry('a'));
    const batch = await batchOf(app);
    expect(await eventRowCount(app)).toBe(1);
    app.start();
    await clock.advance(0);
    expect(await eventRowCount(app)).toBe(0);
    // The queue row settling lost after the commit (a crash): the retry finds the batch taken.
    await app.queue.enqueue({
      type: DeliverEvents.type,
      payload: { subscriber: 'ledger.projection', batch },
    });
    await clock.advance(0);
    expect(await ledgerRows(app.database.kysely, 'ledger_projection')).toHaveLength(1);
    expect((await app.queue.stats()).failed).toBe(0);
  });

  it('a row written before event rows (events carried) skips what the ledger has, projecting the rest once', async () => {
    const { app, clock } = await boot();
    app.start();
    const event = (eventId: string, entryId: string) => ({
      eventId,
      type: 'ledger.added',
      aggregateId: entryId,
      occurredAt: '2026-09-10T08:30:00.000Z',
      payload: {},
    });
    // Processed before the crash: its ledger entry committed, its queue row never settled.
    await app.queue.enqueue({
      type: DeliverEvents.type,
      payload: { subscriber: 'ledger.projection', events: [event('evt-a', 'a')] },
    });
    await clock.advance(0);
    const events = [
      event('evt-a', 'a'),
      event('evt-b', 'b'),
      event('evt-b', 'b'),
      event('evt-c', 'c'),
    ];
    await app.queue.enqueue({
      type: DeliverEvents.type,
      payload: { subscriber: 'ledger.projection', events },
    });
    await clock.advance(0);
    const projected = await ledgerRows(app.database.kysely, 'ledger_projection');
    expect(projected.map((r) => r['entry_id']).sort()).toEqual(['a', 'b', 'c']);
    expect((await app.queue.stats()).failed).toBe(0);
  });

  it('a process SIGKILLed after commit loses nothing: a fresh process projects the event exactly once', async () => {
    const file = dir.file('app.db');
    const child = spawnFixture(path.join(__dirname, '../../test/fixtures/commit-then-hang.ts'), [
      file,
      'crash-1',
    ]);
    await child.line((l) => l === 'committed');
    child.process.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');

    const { app, clock } = await boot();
    expect((await ledgerRows(app.database.kysely, 'ledger_entries')).map((r) => r['id'])).toEqual([
      'crash-1',
    ]);
    expect(await ledgerRows(app.database.kysely, 'ledger_projection')).toEqual([]);
    expect(await queueRows(app)).toEqual([
      { command_type: 'core.deliver-events', status: 'pending' },
      { command_type: 'ledger.noop', status: 'pending' },
    ]);
    app.start();
    await clock.advance(0);
    expect(
      (await ledgerRows(app.database.kysely, 'ledger_projection')).map((r) => r['entry_id']),
    ).toEqual(['crash-1']);
    await app.stop();
    apps.length = 0;

    // Another boot (and an hour of its time) delivers nothing twice.
    const again = await boot();
    again.app.start();
    await again.clock.advance(3_600_000);
    expect(await ledgerRows(again.app.database.kysely, 'ledger_projection')).toHaveLength(1);
    expect(observed.noops).toBe(1);
  }, 20_000);
});
