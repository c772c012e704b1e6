import fs from 'node:fs';
import { sql } from 'kysely';
import { Application, type DomainEvent, msOf, openSqliteDatabase, toIsoUtc } from '@tickler/core';
import { notificationsContext } from '@tickler/notifications/context';
import {
  DeliverDueNotifications,
  NotificationSentEvent,
  type NotificationSentPayload,
  SendNotification,
  SendNotifications,
} from '@tickler/notifications';
import { type OnRun, type QueueSystem } from './system.port';

function send(scheduledMs: number): SendNotification {
  return Object.assign(new SendNotification(), {
    recipientId: 'bench-user',
    title: 'Reminder',
    message: 'bench',
    channel: 'inbox' as const,
    scheduledAt: toIsoUtc(scheduledMs),
  });
}

/**
 * Tickler itself: the notifications context's real use cases on an embedded SQLite file, inbox
 * channel, context and queue defaults. Enqueue one = `SendNotification` with a future
 * `scheduledAt`; bulk = `SendNotifications` (one call per chunk: one transaction, multi-row
 * INSERTs, one wake-up move), which also seeds the drain and scale steps; a run = the
 * `NotificationSentEvent` that `DeliverDueNotifications` publishes after the inbox row and the
 * status change commit.
 */
export class TicklerSystem implements QueueSystem {
  readonly settings =
    'notifications context (SendNotification one per call, SendNotifications in bulk → DeliverDueNotifications, inbox channel) on SQLite (WAL, synchronous=NORMAL), context and queue defaults';
  private app: Application | undefined;

  constructor(private readonly file: string) {}

  async open(options: { clean: boolean }): Promise<void> {
    if (options.clean) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(this.file + suffix, { force: true });
      }
    }
    this.app = await Application.create({
      database: openSqliteDatabase({ file: this.file }),
      contexts: [notificationsContext()],
    });
  }

  private get a(): Application {
    if (!this.app) {
      throw new Error('tickler system is not open');
    }
    return this.app;
  }

  async enqueueOne(runAtMs: number): Promise<void> {
    await this.a.dispatch(send(runAtMs));
  }

  async enqueueBulk(runAtMs: readonly number[]): Promise<void> {
    await this.a.dispatch(Object.assign(new SendNotifications(), { items: runAtMs.map(send) }));
  }

  startWorker(onRun: OnRun): Promise<void> {
    this.a.events.subscribe(NotificationSentEvent.type, (event: DomainEvent) => {
      const scheduledAt = (event.payload as NotificationSentPayload).scheduledAt;
      if (scheduledAt !== null) {
        onRun(msOf(scheduledAt));
      }
    });
    this.a.start();
    return Promise.resolve();
  }

  async unsettled(): Promise<number> {
    // Deliveries still to send, plus one-shot queue rows still to run (the durable projector's
    // event deliveries); the keyed wake-up and the minutely job are not work items.
    const r = await sql<{ n: number }>`select
        (select count(*) from notification_deliveries where status in ('scheduled', 'sending'))
      + (select count(*) from shared_scheduled_commands
          where status in ('pending', 'running') and key is null and repeat_every_ms is null and repeat_cron is null) as n`.execute(
      this.a.database.kysely,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async dueCheck(): Promise<void> {
    // The real use case with nothing due: its indexed due read.
    await this.a.dispatch(new DeliverDueNotifications());
  }

  async close(options: { drop: boolean }): Promise<void> {
    await this.app?.stop();
    this.app = undefined;
    if (options.drop) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(this.file + suffix, { force: true });
      }
    }
  }
}
