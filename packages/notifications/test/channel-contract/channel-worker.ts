// Child process of the channel contract suite. Opens the shared database with a manual clock
// frozen at <instant> (leases and backoffs are decided by the test, not by wall time):
//   crash <step>  fires what is due (DeliverDue) and runs the send loop once, dying by SIGKILL
//                 at <step>: after-fire (the firing committed, nothing claimed), inside-fire
//                 (inbox rows written, the firing not committed), after-claim (claimed, nothing
//                 sent), in-flight (prints `in flight`; the parent kills it while the stand-in
//                 holds the request), after-answer (the stand-in answered, nothing settled),
//                 after-settle (the send's settlement committed), after-failed (a send's
//                 settlement as failed for good committed)
// The restart after the kill runs in the test's own process (restart-and-drain.ts).
// Usage: channel-worker.ts <db-file> crash <instant> <kind> <context-options-json> [step]
import { Application, ManualClock } from '@tickler/core';
import { openTestDatabase } from '@tickler/core/testing';
import { DeliverChannelSends, DeliverDueNotifications } from '../../src';
import {
  type ChannelRegistry,
  ChannelSendPool,
  NOTIFICATIONS_TOKENS,
  notificationsContext,
  type NotificationsContextOptions,
} from '../../src/context';

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

/** Installs the kill at `step` on the live adapters (instance properties shadow the methods). */
function armCrash(app: Application, kind: string, step: string): void {
  const registry = app.get<ChannelRegistry>(NOTIFICATIONS_TOKENS.Channels);
  const channel = registry.external(kind);
  if (step === 'inside-fire') {
    const inbox = registry.inTransaction;
    const deliverMany = inbox.deliverMany.bind(inbox);
    inbox.deliverMany = async (...args) => {
      await deliverMany(...args);
      die();
    };
  }
  if (channel && (step === 'after-claim' || step === 'after-answer')) {
    const send = channel.send.bind(channel);
    channel.send = async (...args) => {
      if (step === 'after-claim') {
        die();
      }
      await send(...args);
      die();
    };
  }
  if (step === 'after-settle') {
    app.events.subscribe('notifications.channel-sent', () => die());
  }
  if (step === 'after-failed') {
    app.events.subscribe('notifications.channel-failed', () => die());
  }
}

async function main(): Promise<void> {
  const [file, mode, instant, kind, optionsJson, step] = process.argv.slice(2);
  if (!file || !mode || !instant || !kind || optionsJson === undefined) {
    throw new Error('usage: channel-worker.ts <db-file> crash <instant> <kind> <options> [step]');
  }
  const options = JSON.parse(optionsJson) as NotificationsContextOptions;
  const clock = new ManualClock(instant);
  const app = await Application.create({
    database: await openTestDatabase({ file, busyTimeoutMs: 10_000 }),
    contexts: [notificationsContext({ allowPrivateTargets: true, ...options })],
    clock,
  });
  if (mode !== 'crash') {
    throw new Error(`unknown mode ${mode}: the restart runs in the test (restart-and-drain.ts)`);
  }
  armCrash(app, kind, step ?? '');
  await app.dispatch(new DeliverDueNotifications());
  if (step === 'after-fire') {
    die();
  }
  await app.dispatch(new DeliverChannelSends());
  process.stdout.write('in flight\n');
  await app.get(ChannelSendPool).idle();
  // Every step dies before this: reaching it is a failed arrangement.
  throw new Error(`step ${String(step)} did not kill the process`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
