import { testBackend } from '@tickler/core/testing';
import { sql } from 'kysely';
import { createNotificationsTestApp, type NotificationsTestApp } from '../../testing';
import { NULL_WHEN_OMITTED } from './delivery-bulk-statements';

interface ColumnInfo {
  name: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** The columns of both tables a delivery is written to (the key `id` is in both). */
async function deliveryColumns(t: NotificationsTestApp): Promise<ColumnInfo[]> {
  return [
    ...(await columnsOf(t, 'notification_deliveries')),
    ...(await columnsOf(t, 'notification_bodies')),
  ];
}

async function columnsOf(t: NotificationsTestApp, table: string): Promise<ColumnInfo[]> {
  if (testBackend() === 'postgres') {
    const r = await sql<{
      column_name: string;
      is_nullable: string;
      column_default: string | null;
    }>`
      select column_name, is_nullable, column_default from information_schema.columns
      where table_name = ${table} and table_schema = current_schema()`.execute(t.db);
    return r.rows.map((c) => ({
      name: c.column_name,
      nullable: c.is_nullable === 'YES',
      hasDefault: c.column_default !== null,
    }));
  }
  const r = await sql<{ name: string; notnull: number; dflt_value: string | null }>`
    pragma table_info(${sql.raw(table)})`.execute(t.db);
  return r.rows.map((c) => ({
    name: c.name,
    nullable: c.notnull === 0,
    hasDefault: c.dflt_value !== null,
  }));
}

describe('multi-row delivery INSERT', () => {
  it('leaves out only columns that store NULL when left out (nullable, no default) in the migrated schema', async () => {
    const t = await createNotificationsTestApp({ start: false });
    try {
      const columns = new Map((await deliveryColumns(t)).map((c) => [c.name, c]));
      for (const name of NULL_WHEN_OMITTED) {
        expect({ name, ...columns.get(name) }).toEqual({ name, nullable: true, hasDefault: false });
      }
    } finally {
      await t.app.stop();
    }
  });
});
