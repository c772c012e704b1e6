import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { ConfirmSubscription, RegisterSubscription } from '../../src';
import { CHANNEL_SUBJECTS, type ExternalChannelSubject, type ReceiverStandIn } from './subjects';

/** What one kill-at-a-step case works with: the subject, and per test a stand-in and a directory. */
export interface CrashCase {
  readonly subject: ExternalChannelSubject;
  receiver: ReceiverStandIn;
  dir: TempDirectory;
}

/**
 * The subject of `kind`, with a fresh stand-in and temporary directory (`prefix`) around each
 * test of the calling `describe`, closed and removed after it.
 */
export function crashCase(kind: string, prefix: string): CrashCase {
  const subject = CHANNEL_SUBJECTS[kind];
  if (!subject) {
    throw new Error(`no contract subject for channel ${kind}`);
  }
  const c = { subject } as CrashCase;
  beforeEach(async () => {
    c.receiver = await subject.startReceiver();
    c.dir = createTempDirectory(prefix);
  });
  afterEach(async () => {
    await c.receiver.close();
    c.dir.remove();
  });
  return c;
}

/** Points alice's subscription at the stand-in (confirmed where the kind asks for it). */
export async function subscribeAlice(
  app: Application,
  receiver: ReceiverStandIn,
  fields: Record<string, unknown> = {},
): Promise<void> {
  const registered = await app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      ...receiver.registration(),
      ...fields,
    }),
  );
  const code = receiver.confirmationCode?.();
  if (code !== undefined) {
    await app.dispatch(
      Object.assign(new ConfirmSubscription(), { recipientId: 'alice', id: registered.id, code }),
    );
  }
}
