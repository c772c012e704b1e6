// SQLite only: reads the statements better-sqlite3 executes (openSqliteDatabase's onStatement).
import { type Application, ManualClock, openSqliteDatabase } from '@tickler/core';
import {
  createTempDirectory,
  createTestApplication,
  REFERENCE_TIME,
  type TempDirectory,
} from '@tickler/core/testing';
import { notificationsContext } from '../src/context';
import { CancelNotification, RescheduleNotification } from '../src';
import { send } from '../src/testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();

let dir: TempDirectory;
let app: Application;
let statements: string[];

beforeEach(async () => {
  dir = createTempDirectory();
  statements = [];
  ({ app } = await createTestApplication([notificationsContext()], {
    clock: new ManualClock(REFERENCE_TIME),
    database: openSqliteDatabase({
      file: dir.file('app.db'),
      onStatement: (text) => statements.push(text),
    }),
  }));
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

/** The UPDATE statements of a window, as `<table>: <columns set>`. */
function updates(): string[] {
  return statements
    .filter((text) => text.startsWith('update "notification_'))
    .map((text) => {
      const [, table, set] = /^update "(\w+)" set (.*?) where /.exec(text) ?? [];
      const columns = [...(set ?? '').matchAll(/"(\w+)" = /g)].map((m) => m[1]);
      return `${table}: ${columns.join(', ')}`;
    });
}

describe('state apart from body: what each change writes', () => {
  it('an edit of the title writes the title to the body and only updated_at to the state row', async () => {
    const { delivery } = await send(app, { scheduledAt: at(3_600_000) });
    statements.length = 0;
    await app.dispatch(
      Object.assign(new RescheduleNotification(), {
        recipientId: 'alice',
        id: delivery.id,
        title: 'Bins out, really',
      }),
    );
    expect(updates()).toEqual([
      'notification_deliveries: updated_at',
      'notification_bodies: title',
    ]);
  });

  it('a new instant writes the state row only, and a cancel too: the body is never rewritten', async () => {
    const { delivery } = await send(app, { scheduledAt: at(3_600_000) });
    statements.length = 0;
    await app.dispatch(
      Object.assign(new RescheduleNotification(), {
        recipientId: 'alice',
        id: delivery.id,
        scheduledAt: at(7_200_000),
      }),
    );
    await app.dispatch(
      Object.assign(new CancelNotification(), { recipientId: 'alice', id: delivery.id }),
    );
    expect(updates()).toEqual([
      'notification_deliveries: updated_at, due_at, scheduled_at, sort_at',
      'notification_deliveries: updated_at, status, due_at',
    ]);
  });
});
