import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { testPostgresUrl } from '@tickler/core/testing';
import { Api, DaemonProcess } from '@tickler/testing';

// PostgreSQL only: daemons sharing a database must sign pushes with one VAPID key (a browser
// subscribed with one public key; a push signed by another is refused by the push service).
const schema = `t_vapid_${randomBytes(6).toString('hex')}`;
const env = {
  TICKLER_DATABASE_URL: testPostgresUrl(),
  TICKLER_DATABASE_SCHEMA: schema,
  TICKLER_ADMIN_TOKEN: randomBytes(24).toString('hex'),
};
let daemons: DaemonProcess[] = [];

afterAll(async () => {
  for (const daemon of daemons.filter((d) => d.running)) {
    await daemon.terminate();
  }
  const db = new pg.Client({ connectionString: testPostgresUrl() });
  await db.connect();
  await db.query(`drop schema if exists ${schema} cascade`);
  await db.end();
});

describe('VAPID keys on PostgreSQL', () => {
  it('two daemons starting together on a new schema serve one public key, kept in the database', async () => {
    daemons = await Promise.all([
      new DaemonProcess(DaemonProcess.tempDir(), env).start(),
      new DaemonProcess(DaemonProcess.tempDir(), env).start(),
    ]);
    const keys = await Promise.all(
      daemons.map((d) =>
        new Api(d.url)
          .get<{ publicKey: string }>('/v1/push/vapid-public-key')
          .then((r) => r.body.publicKey),
      ),
    );
    expect(keys[0]).toBe(keys[1]);
    for (const daemon of daemons) {
      expect(fs.existsSync(path.join(daemon.dir, 'vapid.json'))).toBe(false);
      expect(daemon.lines.find((l) => l.msg === 'web push keys')).toMatchObject({
        keys: 'database',
      });
    }
    const db = new pg.Client({
      connectionString: testPostgresUrl(),
      options: `-c search_path=${schema}`,
    });
    await db.connect();
    try {
      const { rows } = await db.query<{ public_key: string }>(
        'select public_key from notification_vapid_keys',
      );
      expect(rows).toEqual([{ public_key: keys[0] }]);
    } finally {
      await db.end();
    }
  });
});
