// Counts the statements the database runs (the databases' onStatement): on SQLite what
// better-sqlite3 executes, on PostgreSQL what the pool sends (each one a round trip).
import { type Application, ManualClock } from '@tickler/core';
import {
  createTempDirectory,
  createTestApplication,
  openTestDatabase,
  REFERENCE_TIME,
  type TempDirectory,
  testBackend,
} from '@tickler/core/testing';
import { notificationsContext } from '../src/context';
import { type NotificationSentEvent } from '../src';
import { sendCommand } from '../src/testing';

const N = 1000;
/** Half past a minute, 90 minutes on: no minutely or hourly job shares the window. */
const DUE = new Date(Date.parse(REFERENCE_TIME) + 90 * 60_000 + 30_000).toISOString();

/**
 * Upper bounds per 1,000 reminders fired (issue 28): the counts measured on main b97312d and again
 * with the body apart from the state row (the same: the body comes in by the due read's join).
 * Two batches of 500, each one transaction of 9 statements (due read, profiles, preferences,
 * subscriptions, inbox rows, one settling UPDATE, series ledger, the events' rows and their
 * queued command);
 * then the empty batch, the queue's own rows and the delivery log's projection. 44 before the
 * per-source preferences (issue 33) added their one read per batch (and per empty batch): 48.
 * Events as rows (issue 28 item 3) add one multi-row INSERT of the batch's event rows beside its
 * (now small) queue row, two in all; the projector's ledger INSERT became the DELETE … RETURNING
 * that takes them: 50. The firing read the preferences twice per batch (muting, then the
 * channels); it reads them once now: 48. The delivery log written in the sending transaction
 * (`DeliveryLogPolicy`) instead of by a durable projector: no event rows, queue row or
 * projection transaction per batch — 31 statements, 5 transactions.
 * A change that adds per-row statements or a transaction per batch fails here instead of
 * creeping back unseen.
 */
const SQLITE = { statements: 31, transactions: 5 };
/**
 * PostgreSQL (each statement a round trip): the same two batches, each with its `pg_notify`
 * (the kernel's wake-up of other daemons), plus what lets other daemons join a drain: after the
 * first full batch a run is planned "now" in its own transaction (insert + notify), and with
 * one daemon that run claims, finds nothing due and settles (three transactions). The queue
 * timer's look at the next row runs outside a transaction. 58 until each due read (four: two
 * full batches, the empty one, the joined run's) was planned in index order, two `set local`
 * statements around it (SqlDialect.inIndexOrder: a backlog's stale statistics made each read
 * sort the whole backlog): 66. The delivery log in the sending transaction: 54 and 9.
 */
const POSTGRES = { statements: 54, transactions: 9 };
const BOUNDS = testBackend() === 'sqlite' ? SQLITE : POSTGRES;

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
  await clock.advance(0);
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

describe('firing 1,000 due reminders (the deliver-due path, inbox channel)', () => {
  it('takes a fixed, small number of statements and transactions, not some per reminder', async () => {
    const sent: NotificationSentEvent[] = [];
    app.events.subscribe('notifications.sent', (e) => sent.push(e as NotificationSentEvent));
    await app.uow.run(async () => {
      for (let i = 0; i < N; i++) {
        await app.dispatch(sendCommand({ recipientId: `u${i % 50}`, scheduledAt: DUE }));
      }
    });
    await clock.advance(Date.parse(DUE) - clock.now().getTime() - 1);
    statements.length = 0;
    await clock.advance(1);
    // Lets the next batch's run happen at the same instant; on PostgreSQL each look also waits
    // for round trips that a loaded machine slows, so it polls (bounded: a hang fails below).
    for (let tick = 0; tick < 400 && sent.length < N; tick++) {
      await clock.advance(0);
      if (sent.length < N && testBackend() === 'postgres') {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    expect(sent).toHaveLength(N);
    const transactions = statements.filter((s) => s.startsWith('begin')).length;
    // The measured counts, printed so a run shows them (docs/benchmarks.md records them).
    process.stdout.write(
      `fire-statements: ${statements.length} statements, ${transactions} transactions per ${N} reminders\n`,
    );
    expect(statements.length).toBeLessThanOrEqual(BOUNDS.statements);
    expect(transactions).toBeLessThanOrEqual(BOUNDS.transactions);
    // 1,000 sends one round trip after another on PostgreSQL: past the 30 s default at load 15.
  }, 120_000);
});
