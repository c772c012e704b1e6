import 'reflect-metadata';
import { sendCommand } from '../../../testing/test-app';
import { type SendNotification } from './send-notification.command';
import { newDeliveryOf } from './new-delivery-of';
import { requestFingerprint, sameRequest } from './request-fingerprint';

// The fingerprint that makes a same-key request with other fields a 409 (the property over
// every field: apps/daemon/test/idempotency.e2e.spec.ts); here the fields of issue 33 item 2.

const AT = '2026-09-10T10:00:00.000Z';
const fingerprint = (send: SendNotification) => requestFingerprint(newDeliveryOf(send), send);
const base = (fields: Partial<SendNotification> = {}) =>
  sendCommand({ scheduledAt: AT, channels: ['inbox'], ...fields });

describe('requestFingerprint with escalate and fallback', () => {
  it('differs when only escalate or fallback differs', () => {
    const plain = fingerprint(base());
    const escalating = fingerprint(base({ escalate: { after: '1h', channel: 'email' } }));
    const falling = fingerprint(base({ fallback: { channel: 'email' } }));
    expect(new Set([plain, escalating, falling]).size).toBe(3);
    expect(fingerprint(base({ escalate: { after: '2h', channel: 'email' } }))).not.toBe(escalating);
    expect(fingerprint(base({ escalate: { after: '1h', channel: 'push' } }))).not.toBe(escalating);
    expect(fingerprint(base({ fallback: { channel: 'ntfy' } }))).not.toBe(falling);
  });

  it('counts an escalation wait by its length, not its spelling (60m is 1h)', () => {
    expect(fingerprint(base({ escalate: { after: '60m', channel: 'email' } }))).toBe(
      fingerprint(base({ escalate: { after: '1h', channel: 'email' } })),
    );
  });

  it('still matches a key recorded by the previous version (v2) with the same request', () => {
    // Recorded by the v2 fingerprint (commit 39d425f) for base(): a replay after the upgrade.
    const v2 = 'v2:43a497db1725136043e673832d20395c1439858110428178016cb4bbb59e61ae';
    const send = base();
    expect(sameRequest(v2, newDeliveryOf(send), send)).toBe(true);
    const other = base({ title: 'Other' });
    expect(sameRequest(v2, newDeliveryOf(other), other)).toBe(false);
  });
});
