import path from 'node:path';
import { DaemonProcess, eventually } from '@tickler/testing';
import { checkDeliveries, liveCount } from '../support/delivery-invariants';
import { type ScenarioResult, Violations } from '../support/scenario-result';
import { SeededRandom } from '../support/seeded-random';
import { seedDeliveries } from '../support/seed-deliveries';
import { startWebhookReceiver } from '../support/webhook-receiver';

export interface CrashLoopOptions {
  readonly deliveries: number;
  readonly kills: number;
  readonly seed: number;
  /** Every n-th delivery goes to a webhook (default 10); 0 sends every one to the inbox. */
  readonly webhookEvery?: number;
  /** How long after the last kill the survivors may take (a dead webhook claim waits for its lease). */
  readonly drainDeadlineMs: number;
}

/**
 * Scenario 1: a real daemon delivering due notifications (inbox, and webhooks to a receiver on
 * 127.0.0.1) is killed with SIGKILL at random instants and restarted each time; afterwards the
 * SQLite file must show every delivery sent, inbox rows exactly once, every webhook received at
 * least once with duplicates only under the same idempotency key (webhook-id), and nothing lost.
 */
export async function runCrashLoop(options: CrashLoopOptions): Promise<ScenarioResult> {
  const v = new Violations();
  const rnd = new SeededRandom(options.seed);
  const receiver = await startWebhookReceiver();
  const dir = DaemonProcess.tempDir('tickler-rel-crash-');
  const file = path.join(dir, 'tickler.db');
  // Deliveries fall due over the window in which the kills happen.
  const spreadMs = options.kills * 900;
  const seeded = await seedDeliveries(file, {
    count: options.deliveries,
    webhookEvery: options.webhookEvery ?? 10,
    webhookUrl: receiver.url,
    firstAt: Date.now() + 2_000,
    spreadMs,
  });
  let kills = 0;
  const liveAtKill: number[] = [];
  let daemon = new DaemonProcess(dir);
  try {
    for (let k = 0; k < options.kills; k++) {
      await daemon.start();
      // A random instant in this life (fault injection, not a wait for a schedule).
      await new Promise((resolve) => setTimeout(resolve, rnd.int(150, 1500)));
      await daemon.kill9();
      kills++;
      liveAtKill.push(await liveCount(file));
      daemon = new DaemonProcess(dir);
    }
    await daemon.start();
    const drainStarted = Date.now();
    await eventually(
      async () => ((await liveCount(file)) === 0 ? true : undefined),
      options.drainDeadlineMs,
      250,
    ).catch(async () => {
      const live = await liveCount(file);
      v.check(
        false,
        () => `${live} deliveries still live ${options.drainDeadlineMs} ms after the last restart`,
      );
    });
    const drainMs = Date.now() - drainStarted;
    await daemon.terminate();
    const figures = await checkDeliveries(file, seeded, receiver.received, v);
    const delivering = liveAtKill.filter(
      (n, i) => n > 0 && (i === 0 || n !== options.deliveries),
    ).length;
    return {
      id: 1,
      name: 'crash loop (SIGKILL while delivering)',
      figures: {
        deliveries: options.deliveries,
        'webhook deliveries': seeded.webhook.length,
        'kills survived': kills,
        'kills with deliveries pending': delivering,
        'rows checked': figures.rowsChecked,
        sent: figures.byStatus.sent ?? 0,
        'inbox duplicates': figures.inboxDuplicates,
        'webhook duplicates (same idempotency key)': figures.webhookDuplicates,
        lost: figures.lost,
        'drain after last restart (ms)': drainMs,
        seed: options.seed,
      },
      violations: v.done(),
    };
  } finally {
    await daemon.terminate();
    await receiver.close();
  }
}
