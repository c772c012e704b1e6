import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { GetNotification, RegisterSubscription } from '../../..';
import {
  createNotificationsTestApp,
  send,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../testing';

// The address rule (SSRF) with TICKLER_ALLOW_PRIVATE_TARGETS off, the daemon's default: the
// test receivers listen on 127.0.0.1, which is exactly what must be refused.

let receiver: WebhookReceiver;
let dir: TempDirectory;
const apps: Application[] = [];
beforeEach(async () => {
  receiver = await startWebhookReceiver();
  dir = createTempDirectory();
});
afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  await receiver.close();
  dir.remove();
});

async function boot(allowPrivateTargets: boolean) {
  const t = await createNotificationsTestApp({ file: dir.file('app.db'), allowPrivateTargets });
  apps.push(t.app);
  return t;
}

function register(app: Application, url: string) {
  return app.dispatch(Object.assign(new RegisterSubscription(), { recipientId: 'alice', url }));
}

describe('webhook targets: the address rule', () => {
  it.each([
    'http://127.0.0.1:2375/containers',
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://10.0.0.1/',
    'http://192.168.1.1/admin',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0:8080/',
    'http://[fd00::1]/',
    'http://224.0.0.1/',
    'http://localhost:9999/hook',
    // Issue 29: accepted before.
    'http://[::127.0.0.1]:8080/hook',
    'http://168.63.129.16/machine?comp=goalstate',
    'http://[64:ff9b:1::a9fe:a9fe]/',
  ])('refuses %s at registration, naming url and saying how to lift the rule', async (url) => {
    const t = await boot(false);
    await expect(register(t.app, url)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'url',
      message: expect.stringContaining('TICKLER_ALLOW_PRIVATE_TARGETS') as unknown,
    });
  });

  it('refuses user:password@ in a URL even with private targets allowed', async () => {
    const t = await boot(true);
    await expect(register(t.app, 'https://user:pass@hooks.example.com/x')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'url',
    });
  });

  it('accepts a public literal, and a loopback receiver when TICKLER_ALLOW_PRIVATE_TARGETS lifts the rule', async () => {
    const closed = await boot(false);
    await expect(register(closed.app, 'https://93.184.216.34/hook')).resolves.toMatchObject({
      url: 'https://93.184.216.34/hook',
    });
    await closed.app.stop();
    const open = await boot(true);
    await expect(register(open.app, receiver.url)).resolves.toMatchObject({ url: receiver.url });
  });

  it.each([
    ['a name that resolves to loopback by the time it is sent (DNS rebinding)', 'localhost'],
    ['a loopback literal', '127.0.0.1'],
  ])(
    'refuses %s again at connect time: refused-target, nothing reaches the receiver',
    async (_what, host) => {
      // Registered while the rule was lifted; sent by a daemon with the rule on.
      const lifted = await boot(true);
      await register(lifted.app, receiver.url.replace('127.0.0.1', host));
      await lifted.app.stop();
      apps.splice(0);
      const guarded = await boot(false);
      const { delivery } = await send(guarded.app, { channel: 'webhook' });
      await guarded.sendsSettled();
      expect(receiver.received).toEqual([]);
      const view = await guarded.app.dispatch(
        Object.assign(new GetNotification(), { recipientId: 'alice', id: delivery.id }),
      );
      expect(view).toMatchObject({
        status: 'failed',
        lastError: 'refused-target',
        channels: [
          { channel: 'webhook', status: 'failed', attempts: 1, lastError: 'refused-target' },
        ],
      });
    },
  );
});
