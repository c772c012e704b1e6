import { sql } from 'kysely';
import { injectable } from 'inversify';
import { type Clock, type TimerHandle } from '../clock/clock';
import { ManualClock } from '../clock/manual-clock';
import { Command, type CommandHandler } from '../commands/command';
import {
  createTempDirectory,
  createTestApplication,
  openTestDatabase,
  REFERENCE_TIME,
  type TempDirectory,
} from '../testing';
import { Application } from './application';
import { BoundedContext } from './bounded-context';

class Tick extends Command<void> {
  static readonly type = 'jobs.tick';
}

@injectable()
class TickHandler implements CommandHandler<Tick> {
  static readonly handles = Tick;
  execute(): Promise<void> {
    return Promise.resolve();
  }
}

const jobsContext = BoundedContext.create({
  name: 'my_jobs',
  migrations: {},
  jobs: [{ handler: TickHandler, repeat: { every: '1m' }, runOnStart: false }],
});

let dir: TempDirectory;
beforeEach(() => {
  dir = createTempDirectory();
});
afterEach(() => dir.remove());

async function jobKeys(file: string): Promise<string[]> {
  const { app } = await createTestApplication([], { file });
  const { rows } = await sql<{
    key: string;
  }>`select key from shared_scheduled_commands order by key`.execute(app.database.kysely);
  await app.stop();
  return rows.map((r) => r.key);
}

describe('Application.create', () => {
  it('removes pending job rows its contexts no longer register, and only theirs', async () => {
    const file = dir.file('app.db');
    const first = await createTestApplication([jobsContext], { file });
    const insert = (key: string) =>
      first.app.queue.schedule({ type: 'gone', payload: {} }, key, { repeat: { every: '1h' } });
    await insert('job:my_jobs:renamed.command'); // a job this context dropped
    await insert('job:myXjobs:other'); // another context ('_' is no wildcard)
    await insert('job:other:x');
    await first.app.stop();
    const booted = await createTestApplication([jobsContext], { file });
    await booted.app.stop();
    expect(await jobKeys(file)).toEqual([
      'job:myXjobs:other',
      'job:my_jobs:jobs.tick',
      'job:other:x',
    ]);
  });

  it('registers the queue with a clock that settles its own timers, and needs nothing of one that does not', async () => {
    const manual = new ManualClock(REFERENCE_TIME);
    const settlers: (() => Promise<void>)[] = [];
    manual.addSettler = (settle) => void settlers.push(settle);
    const { app } = await createTestApplication([], { clock: manual });
    expect(settlers).toHaveLength(1);
    await app.stop();

    let timers = 0;
    const plain: Clock = {
      now: () => new Date(REFERENCE_TIME),
      setTimer: () => {
        timers++;
        return {} as TimerHandle;
      },
      clearTimer: () => undefined,
    };
    const other = await Application.create({
      database: await openTestDatabase(),
      contexts: [jobsContext],
      clock: plain,
    });
    other.start();
    await other.stop();
    expect(timers).toBeGreaterThan(0); // it ran on that clock
  });

  it('tells which other instances share its database, and forgets one that stopped', async () => {
    const file = dir.file('shared.db');
    const first = await createTestApplication([], { file });
    const second = await createTestApplication([], { file });
    expect((await first.app.peers()).live.size).toBe(1);
    expect((await second.app.peers()).live.size).toBe(1);
    await second.app.stop();
    expect((await first.app.peers()).live.size).toBe(0);
    await first.app.stop();
  });
});
