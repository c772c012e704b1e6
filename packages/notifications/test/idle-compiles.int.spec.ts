// Both back ends: what JavaScript an idle minute spends building SQL. The minutely safety net
// (issue 28 item 6) runs every idle minute of a sidecar; its statements were built and compiled
// through kysely on every run, most of the JavaScript an idle minute cost. Each is now compiled
// once (ReusableQuery), and this pins it: a statement built per run fails here.
import { type Application, ManualClock } from '@tickler/core';
import {
  createTempDirectory,
  createTestApplication,
  openTestDatabase,
  REFERENCE_TIME,
  type TempDirectory,
} from '@tickler/core/testing';
import { DefaultQueryCompiler } from 'kysely';
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
  const contexts = [notificationsContext()];
  ({ app } = await createTestApplication(contexts, {
    clock,
    database: await openTestDatabase({
      file: dir.file('app.db'),
      contexts,
      onStatement: (text) => statements.push(text),
    }),
  }));
  app.start();
  await clock.advance(0); // the safety net's catch-up run at start
});

afterEach(async () => {
  jest.restoreAllMocks();
  await app.stop();
  dir.remove();
});

describe('an idle minute (the minutely safety net) compiles no SQL', () => {
  it('runs its statements, each compiled once before, and the delivery still goes out at its instant', async () => {
    const sent: NotificationSentEvent[] = [];
    app.events.subscribe('notifications.sent', (e) => sent.push(e as NotificationSentEvent));
    await send(app, { scheduledAt: at(3_600_000) });
    await clock.advance(MINUTE); // a first idle minute: whatever it compiles, it compiles once
    const compiles = jest.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    for (let minute = 0; minute < 3; minute++) {
      statements.length = 0;
      await clock.advance(MINUTE);
      // The claim, the due read, the re-arm, the ledger entry, the next-instant read at least.
      expect(statements.length).toBeGreaterThanOrEqual(5);
    }
    expect(compiles).not.toHaveBeenCalled();
    compiles.mockRestore();
    await clock.advance(3_600_000 - 4 * MINUTE - 1);
    expect(sent).toHaveLength(0);
    await clock.advance(1);
    expect(sent.map((e) => e.payload.sentAt)).toEqual([at(3_600_000)]);
  });
});
