// SQLite only: counts the statements better-sqlite3 executes (openSqliteDatabase's onStatement).
import { type Application, ManualClock, openSqliteDatabase } from '@tickler/core';
import {
  createTempDirectory,
  createTestApplication,
  REFERENCE_TIME,
  type TempDirectory,
} from '@tickler/core/testing';
import { notificationsContext } from '../src/context';
import { type NotificationSentEvent } from '../src';
import { send } from '../src/testing';

const MINUTE = 60_000;
const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();

let dir: TempDirectory;
let app: Application;
let clock: ManualClock;
let statements: string[];

beforeEach(async () => {
  dir = createTempDirectory();
  statements = [];
  clock = new ManualClock(REFERENCE_TIME);
  ({ app } = await createTestApplication([notificationsContext()], {
    clock,
    database: openSqliteDatabase({
      file: dir.file('app.db'),
      onStatement: (text) => statements.push(text),
    }),
  }));
  app.start();
  await clock.advance(0); // the safety net's catch-up run at start
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

/** What each statement of a window is, in order: its verb and table. */
function kinds(): string[] {
  return statements.map((text) => {
    const table = /(?:from|update|into) "(\w+)"/.exec(text)?.[1];
    const verb = text.split(' ')[0] ?? '';
    return table === undefined ? text : `${verb} ${table}`;
  });
}

async function idleMinute(): Promise<string[]> {
  statements.length = 0;
  await clock.advance(MINUTE);
  return kinds();
}

describe('an idle minute (the minutely safety net, run in its claim transaction)', () => {
  it('with one delivery due in an hour: 8 statements, one commit, and the delivery still goes out at its instant', async () => {
    const sent: NotificationSentEvent[] = [];
    app.events.subscribe('notifications.sent', (e) => sent.push(e as NotificationSentEvent));
    await send(app, { scheduledAt: at(3_600_000) });
    await clock.advance(1_000);
    for (let minute = 0; minute < 3; minute++) {
      expect(await idleMinute()).toEqual([
        'begin immediate',
        'with shared_scheduled_commands', // claim of the job row (one UPDATE under a CTE)
        'select notification_deliveries', // the next due instants (deliveries and channel sends): nothing due
        'pragma data_version', // the wake-up row is known to be at that instant: no write
        'update shared_scheduled_commands', // the job's re-arm at the next minute
        'insert shared_job_occurrences', // the job's ledger entry (issue 13: one per occurrence)
        'commit',
        'select shared_scheduled_commands', // the queue's next instant (also the sweep's look)
      ]);
    }
    await clock.advance(3_600_000 - 3 * MINUTE - 1_001);
    expect(sent).toHaveLength(0);
    await clock.advance(1);
    expect(sent.map((e) => e.payload.sentAt)).toEqual([at(3_600_000)]);
  });

  it('with nothing scheduled at all: 7 statements (no wake-up to check)', async () => {
    expect(await idleMinute()).toEqual([
      'begin immediate',
      'with shared_scheduled_commands',
      'select notification_deliveries',
      'update shared_scheduled_commands',
      'insert shared_job_occurrences',
      'commit',
      'select shared_scheduled_commands',
    ]);
  });
});
