import { CORE_TOKENS } from '@tickler/core';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type NotificationsTestApp, createNotificationsTestApp } from '../../../testing/test-app';
import { KyselyVapidKeySource } from './kysely-vapid-key-source';
import { vapidKeyPairProblem } from './vapid-key-pair';

let t: NotificationsTestApp;
beforeEach(async () => {
  t = await createNotificationsTestApp({ start: false });
});
afterEach(() => t.app.stop());

describe('KyselyVapidKeySource', () => {
  it('stores one pair in the database; every source on that database signs with it', async () => {
    const uow = t.app.get<TransactionRunner>(CORE_TOKENS.UnitOfWork);
    const a = new KyselyVapidKeySource(uow, t.clock);
    const b = new KyselyVapidKeySource(uow, t.clock);
    const [first, second] = await Promise.all([a.current(), b.current()]);

    expect(vapidKeyPairProblem(first)).toBeUndefined();
    expect(second).toEqual(first);
    const rows = await t.db.selectFrom('notification_vapid_keys').selectAll().execute();
    expect(rows).toEqual([
      {
        id: 'current',
        public_key: first.publicKey,
        private_key: first.privateKey,
        created_at: '2026-09-10T08:30:00.000Z',
      },
    ]);
  });
});
