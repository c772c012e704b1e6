import { RegisterSubscription } from '../channels/application/register-subscription/register-subscription.command';
import { type NotificationsContextOptions } from '../notifications.context';
import { createNotificationsTestApp, type NotificationsTestApp } from './test-app';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/** A webhook receiver and the test apps that send to it, closed together after a test. */
export interface WebhookTestApps {
  readonly receiver: WebhookReceiver;
  /**
   * A test app whose `recipientId` has a webhook subscription to {@link receiver} (`isDefault`:
   * part of the default set).
   */
  boot(
    options?: NotificationsContextOptions,
    subscriber?: { recipientId?: string; isDefault?: boolean },
  ): Promise<NotificationsTestApp>;
  /** Stops every app booted, then the receiver. */
  close(): Promise<void>;
}

/** Starts a receiver; `beforeEach` it, and `close()` it in `afterEach`. */
export async function startWebhookTestApps(): Promise<WebhookTestApps> {
  const receiver = await startWebhookReceiver();
  const booted: NotificationsTestApp[] = [];
  return {
    receiver,
    async boot(options = {}, { recipientId = 'alice', isDefault = false } = {}) {
      const t = await createNotificationsTestApp(options);
      booted.push(t);
      await t.app.dispatch(
        Object.assign(new RegisterSubscription(), {
          recipientId,
          url: receiver.url,
          default: isDefault,
        }),
      );
      return t;
    },
    async close() {
      for (const t of booted.splice(0)) {
        await t.app.stop();
      }
      await receiver.close();
    },
  };
}
