import { sql } from 'kysely';
import { addEntry, ledgerContext, ledgerRows } from '../../test/fixtures/ledger-context';
import { type Application } from '../context/application';
import { createTempDirectory, createTestApplication, type TempDirectory } from '../testing';
import { DeliverEvents } from './deliver-events.command';

// PostgreSQL only (jest.postgres.config.js): two processes' pools on one database take the same
// batch at the same time (a lease that ran out while its first claimant was still working).
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

async function boot(): Promise<Application> {
  const { app } = await createTestApplication([ledgerContext], { file: dir.file('shared') });
  apps.push(app);
  return app;
}

describe('event rows on PostgreSQL', () => {
  it('two claimants of one batch at once: one projects it, the other waits on its rows and finds them taken', async () => {
    const a = await boot();
    const b = await boot();
    await a.dispatch(addEntry('x'));
    const { rows } = await sql<{ payload: string }>`select payload from shared_scheduled_commands
      where command_type = ${DeliverEvents.type}`.execute(a.database.kysely);
    const { batch } = JSON.parse(rows[0]?.payload ?? '{}') as { batch: string };
    const command = (): DeliverEvents =>
      Object.assign(new DeliverEvents(), { subscriber: 'ledger.projection', batch });
    await Promise.all([a.dispatch(command()), b.dispatch(command()), a.dispatch(command())]);
    expect(await ledgerRows(a.database.kysely, 'ledger_projection')).toHaveLength(1);
    const left = await sql<{
      n: number;
    }>`select count(*) as n from shared_event_rows`.execute(a.database.kysely);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
