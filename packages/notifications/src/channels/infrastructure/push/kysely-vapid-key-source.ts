import { CORE_TOKENS, type Clock, tablesOf, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type VapidKeyPair, type VapidKeySource } from '../../application/ports/vapid-keys.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type NotificationsTables } from '../../../shared/infrastructure/notifications.tables';
import { generateVapidKeyPair, vapidKeyPairProblem } from './vapid-key-pair';

/**
 * VAPID keys in the `notification_vapid_keys` table (one row): every daemon on a shared
 * PostgreSQL database signs with the same pair, whichever started first. Insert-if-absent then
 * read, so two daemons starting at once agree. Kept in memory once read.
 */
@injectable()
export class KyselyVapidKeySource implements VapidKeySource {
  private loaded: Promise<VapidKeyPair> | undefined;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  current(): Promise<VapidKeyPair> {
    this.loaded ??= this.load();
    // A failed read is not remembered: the next call tries again.
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  private load(): Promise<VapidKeyPair> {
    return this.uow.run(async (tx) => {
      const db = tablesOf<NotificationsTables>(tx.db);
      const fresh = generateVapidKeyPair();
      await db
        .insertInto('notification_vapid_keys')
        .values({
          id: 'current',
          public_key: fresh.publicKey,
          private_key: fresh.privateKey,
          created_at: toIsoUtc(this.clock.now()),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await db
        .selectFrom('notification_vapid_keys')
        .select(['public_key', 'private_key'])
        .where('id', '=', 'current')
        .executeTakeFirstOrThrow();
      const pair = { publicKey: row.public_key, privateKey: row.private_key };
      const problem = vapidKeyPairProblem(pair);
      if (problem !== undefined) {
        throw new Error(`notification_vapid_keys holds an unusable pair: ${problem}`);
      }
      return pair;
    });
  }
}
