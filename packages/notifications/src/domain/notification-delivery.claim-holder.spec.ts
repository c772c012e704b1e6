import { type DuePolicy } from './delivery-policy';
import { NotificationDelivery } from './notification-delivery.entity';
import { type RetryPolicy } from './webhook-retry-policy';

// The instance holding a webhook claim (ADR 0004): set by the claim, gone with it.
const NOW = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(NOW) + ms).toISOString();
const LIVE: DuePolicy = { graceMs: 12 * 3_600_000, dryRun: false };
const RETRY: RetryPolicy = {
  maxAttempts: 3,
  backoffBaseMs: 1000,
  backoffMaxMs: 10_000,
  onAbandoned: 'retry',
};

function webhook(): NotificationDelivery {
  const d = NotificationDelivery.create(
    { recipientId: 'alice', channel: 'webhook', title: 't', message: 'm', scheduledAt: at(1) },
    NOW,
    'd1',
    LIVE,
  );
  d.pullEvents();
  return d;
}

describe('the claim’s holder', () => {
  it('is the instance that claimed, and nobody once the attempt settles or fails', () => {
    const d = webhook();
    expect(d.snapshot().claimedBy).toBeNull();
    d.claimForSending(at(1), at(100_000), 'tok', 'instance-a');
    expect(d.snapshot()).toMatchObject({ status: 'sending', claimedBy: 'instance-a' });
    d.recordFailedAttempt(at(2), 'HTTP 500', RETRY);
    expect(d.snapshot()).toMatchObject({ status: 'scheduled', claimedBy: null });
    d.claimForSending(at(1_002), at(100_000), 'tok2', 'instance-b');
    d.markSent(at(1_003), null);
    expect(d.snapshot()).toMatchObject({ status: 'sent', claimedBy: null });
  });

  it('moves to the instance that recovers an abandoned claim; a failed recovery leaves none', () => {
    const retried = webhook();
    retried.claimForSending(at(1), at(10), 'dead', 'instance-dead');
    retried.recoverAbandonedClaim(at(20), at(100), 'new', RETRY, 'instance-alive');
    expect(retried.snapshot()).toMatchObject({ leaseToken: 'new', claimedBy: 'instance-alive' });

    const failed = webhook();
    failed.claimForSending(at(1), at(10), 'dead', 'instance-dead');
    failed.recoverAbandonedClaim(at(20), at(100), 'new', { ...RETRY, onAbandoned: 'fail' }, 'x');
    expect(failed.snapshot()).toMatchObject({ status: 'failed', claimedBy: null });
  });

  it('is unknown when the claimer does not say (the lease alone decides)', () => {
    const d = webhook();
    d.claimForSending(at(1), at(100_000), 'tok');
    expect(d.snapshot().claimedBy).toBeNull();
  });
});
