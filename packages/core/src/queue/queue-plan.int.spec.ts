import BetterSqlite3 from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteDatabase } from '../database/sqlite-database';
import { createTestApplication } from '../testing';
import { QueueStore } from './queue-store';

/**
 * The wake-up read and the claim run on every timer and sweep: they must go through the
 * partial index over live rows, never scan the table (which holds failed rows too).
 */
describe('queue statements use the live-rows index', () => {
  it('plans the wake-up read and the claim without a table scan', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-plan-'));
    const file = path.join(dir, 'q.db');
    const { app } = await createTestApplication([], { database: openSqliteDatabase({ file }) });
    // A second handle that logs the compiled SQL with its bound parameters, as the driver sees it.
    const compiled: CompiledQuery[] = [];
    const logged = new Kysely<unknown>({
      dialect: new SqliteDialect({ database: new BetterSqlite3(file) }),
      log: (event) => {
        compiled.push(event.query);
      },
    });
    const store = new QueueStore('sqlite');
    await store.nextWakeUp(logged);
    await store.claim(
      logged,
      '2026-09-10T08:30:00.000Z',
      '2026-09-10T08:30:30.000Z',
      'token',
      10,
      'instance-1',
    );
    await logged.destroy();
    expect(compiled).toHaveLength(2);
    const raw = new BetterSqlite3(file, { readonly: true });
    for (const query of compiled) {
      const plan = raw
        .prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[]))
        .map((r) => (r as { detail: string }).detail)
        .join(' | ');
      expect(plan).toContain('shared_scheduled_commands_live_run_at');
      expect(plan).not.toMatch(/SCAN shared_scheduled_commands(?! USING)/);
    }
    raw.close();
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
