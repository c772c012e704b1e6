import { InvalidArgumentError } from '@tickler/core/domain';
import {
  ConfirmationRateLimitedError,
  SubscriptionLimitReachedError,
} from '../../../shared/domain/notification.errors';
import { type SmtpTestServer, startSmtpTestServer } from '../../../testing/smtp-test-server';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
} from '../../../testing/test-app';
import { ConfirmSubscription } from '../confirm-subscription/confirm-subscription.command';
import { type NewSubscriptionView } from '../../../shared/application/notification.view';
import { RemoveSubscription } from '../remove-subscription/remove-subscription.command';
import { RegisterSubscription } from './register-subscription.command';

// Issue 29, finding 5: one user token registered 1,000 push and 300 email subscriptions, and
// one reminder then mailed 300 arbitrary addresses with the operator's From.

let smtp: SmtpTestServer;
let t: NotificationsTestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  smtp.messages.splice(0);
  smtp.confirmations.splice(0);
  t = await createNotificationsTestApp({
    email: { smtpUrl: smtp.url, from: 'Tickler <reminders@example.org>' },
    subscriptionsPerChannel: 3,
  });
});
afterEach(() => t.app.stop());

const register = (address: string, recipientId = 'alice'): Promise<NewSubscriptionView> =>
  t.app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId,
      kind: 'email',
      address,
      default: true,
    }),
  );
const confirm = (id: string, code: string) =>
  t.app.dispatch(Object.assign(new ConfirmSubscription(), { recipientId: 'alice', id, code }));

describe('a per-person limit per channel', () => {
  it('refuses one subscription more than the setting (409), counts per person and kind, frees a slot on removal', async () => {
    const held = [];
    for (const name of ['a', 'b', 'c']) {
      held.push(await register(`${name}@example.net`));
    }
    await expect(register('d@example.net')).rejects.toBeInstanceOf(SubscriptionLimitReachedError);
    await expect(register('d@example.net')).rejects.toMatchObject({
      code: 'NOTIFICATIONS.SUBSCRIPTION_LIMIT',
      details: { field: 'kind', limit: 3 },
    });
    // Registering one held again is an update, and another person has their own limit.
    await expect(register('a@example.net')).resolves.toMatchObject({ id: held[0]!.id });
    await expect(register('d@example.net', 'bob')).resolves.toMatchObject({ recipientId: 'bob' });
    await t.app.dispatch(
      Object.assign(new RemoveSubscription(), { recipientId: 'alice', id: held[2]!.id }),
    );
    await expect(register('d@example.net')).resolves.toMatchObject({ address: 'd@example.net' });
  });
});

describe('an email address receives nothing until it is confirmed', () => {
  it('mails a code, sends no reminder until the code is typed back, then sends', async () => {
    const registered = await register('eve@example.net');
    expect(registered).toMatchObject({ confirmed: false, confirmationSent: true });
    const code = smtp.confirmationCode('eve@example.net');
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);

    await send(t.app, { title: 'to an unconfirmed address' });
    await t.sendsSettled();
    expect(smtp.messages).toEqual([]);

    await expect(confirm(registered.id, 'WRONGCODE1')).rejects.toMatchObject({ field: 'code' });
    await expect(confirm(registered.id, ` ${code!.toLowerCase()} `)).resolves.toMatchObject({
      confirmed: true,
    });
    const { delivery } = await send(t.app, { title: 'now it may' });
    await t.sendsSettled();
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual(['now it may']);
    expect(smtp.messages[0]?.parsed.headers.get('x-tickler-notification-id')).toBe(delivery.id);
  });

  it('locks the code after five wrong ones: only a new registration mails a new code', async () => {
    const { id } = await register('eve@example.net');
    const code = smtp.confirmationCode('eve@example.net')!;
    for (let i = 0; i < 5; i++) {
      await expect(confirm(id, 'WRONGCODE1')).rejects.toBeInstanceOf(InvalidArgumentError);
    }
    await expect(confirm(id, code)).rejects.toThrow(/register it again/);
  });

  it('rate-limits the codes: one per address per 10 minutes, five per person per hour', async () => {
    await register('eve@example.net');
    const again = await register('eve@example.net');
    expect(again.confirmationSent).toBeUndefined(); // no new mail within 10 minutes
    expect(smtp.confirmations).toHaveLength(1);
    await t.clock.advance(10 * 60_000);
    expect((await register('eve@example.net')).confirmationSent).toBe(true);
    // With a limit of 10 subscriptions, the person's sixth code within the hour is refused.
    await t.app.stop();
    t = await createNotificationsTestApp({
      email: { smtpUrl: smtp.url, from: 'Tickler <reminders@example.org>' },
      subscriptionsPerChannel: 10,
    });
    smtp.confirmations.splice(0);
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await register(`${name}@example.net`);
    }
    await expect(register('f@example.net')).rejects.toBeInstanceOf(ConfirmationRateLimitedError);
    expect(smtp.confirmations).toHaveLength(5);
  });

  it('an email subscription stored before confirmation existed keeps receiving', async () => {
    const { id } = await register('old@example.net');
    await t.db
      .updateTable('notification_subscriptions')
      .set({ target: JSON.stringify({ address: 'old@example.net' }) })
      .where('id', '=', id)
      .execute();
    await send(t.app, { title: 'as before' });
    await t.sendsSettled();
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual(['as before']);
  });
});
