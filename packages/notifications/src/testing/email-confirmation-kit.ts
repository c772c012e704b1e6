import { type Application } from '@tickler/core';
import { ConfirmSubscription } from '../channels/application/confirm-subscription/confirm-subscription.command';
import { RegisterSubscription } from '../channels/application/register-subscription/register-subscription.command';
import {
  type NewSubscriptionView,
  type SubscriptionView,
} from '../shared/application/notification.view';
import { type SmtpTestServer } from './smtp-test-server';

/**
 * Registers an email subscription and confirms it with the code the SMTP stand-in received,
 * as its owner would: an unconfirmed address receives nothing (issue 29).
 */
export async function subscribeConfirmedEmail(
  app: Application,
  smtp: Pick<SmtpTestServer, 'confirmationCode'>,
  fields: Partial<RegisterSubscription> & { recipientId: string; address: string },
): Promise<SubscriptionView> {
  const registered: NewSubscriptionView = await app.dispatch(
    Object.assign(new RegisterSubscription(), { kind: 'email', ...fields }),
  );
  const code = smtp.confirmationCode(fields.address);
  if (code === undefined) {
    throw new Error(`no confirmation code reached ${fields.address}`);
  }
  return app.dispatch(
    Object.assign(new ConfirmSubscription(), {
      recipientId: fields.recipientId,
      id: registered.id,
      code,
    }),
  );
}
