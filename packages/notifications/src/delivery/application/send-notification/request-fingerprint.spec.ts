import { sendCommand } from '../../../testing';
import { newDeliveryOf } from './new-delivery-of';
import { requestFingerprint, sameRequest } from './request-fingerprint';
import { type SendNotification } from './send-notification.command';

type Fields = Partial<SendNotification>;

function fingerprint(fields: Fields): string {
  const send = sendCommand(fields);
  return requestFingerprint(newDeliveryOf(send), send);
}

function isSame(recorded: string, fields: Fields): boolean {
  const send = sendCommand(fields);
  return sameRequest(recorded, newDeliveryOf(send), send);
}

const SOURCE = { app: 'cal', key: 'k1', collection: 'work', id: 'e1' };
/** A request at a fixed instant with every optional field that goes with `scheduledAt`. */
const AT: Fields = {
  channels: ['inbox', 'push'],
  url: 'https://example.org/a',
  scheduledAt: '2026-09-11T09:00:00+02:00',
  eventAt: '2026-09-12T10:00:00+02:00',
  expiresAt: '2026-09-13T00:00:00Z',
  source: SOURCE,
  priority: 'high',
  repeat: { rule: 'FREQ=DAILY', timeZone: 'Europe/Berlin' },
};
/** A request whose send instant a lead rule derives, and one said in words. */
const RULE: Fields = { eventAt: '2026-09-12T10:00:00Z', rule: 'lead:3600', source: SOURCE };
const WHEN: Fields = { when: 'in 2 hours', timeZone: 'Europe/Berlin' };
/** `fingerprint(AT)` as this release (v3: escalate and fallback count) records it; frozen. */
const V3_OF_AT = 'v3:5f0450404ab6eb4fe6f1771b9af853431a3d4ad7929be5e621752e6ce1b9fa0c';

describe('the idempotency fingerprint: a key replays only the very request it was first used for', () => {
  // Each row changes one field of a request and nothing else: the key must then be refused as
  // reused (409), never replay the first request's notification.
  it.each<[string, Fields, Fields]>([
    ['title changed', AT, { ...AT, title: 'Other' }],
    ['message changed', AT, { ...AT, message: 'Other' }],
    ['url changed', AT, { ...AT, url: 'https://example.org/b' }],
    ['url left out', AT, { ...AT, url: undefined }],
    ['scheduledAt changed', AT, { ...AT, scheduledAt: '2026-09-11T10:00:00+02:00' }],
    ['eventAt changed', AT, { ...AT, eventAt: '2026-09-12T11:00:00+02:00' }],
    ['expiresAt changed', AT, { ...AT, expiresAt: '2026-09-14T00:00:00Z' }],
    ['channels changed', AT, { ...AT, channels: ['inbox'] }],
    ['source.app changed', AT, { ...AT, source: { ...SOURCE, app: 'other' } }],
    ['source.key changed', AT, { ...AT, source: { ...SOURCE, key: 'k2' } }],
    ['source.collection changed', AT, { ...AT, source: { ...SOURCE, collection: 'home' } }],
    ['source.id changed', AT, { ...AT, source: { ...SOURCE, id: 'e2' } }],
    ['source left out', AT, { ...AT, source: undefined }],
    ['priority changed', AT, { ...AT, priority: 'normal' }],
    [
      'repeat.rule changed',
      AT,
      { ...AT, repeat: { rule: 'FREQ=WEEKLY', timeZone: 'Europe/Berlin' } },
    ],
    [
      'repeat.timeZone changed',
      AT,
      { ...AT, repeat: { rule: 'FREQ=DAILY', timeZone: 'Asia/Tokyo' } },
    ],
    ['repeat without a zone', AT, { ...AT, repeat: { rule: 'FREQ=DAILY' } }],
    ['repeat left out', AT, { ...AT, repeat: undefined }],
    ['escalate added', AT, { ...AT, escalate: { after: '1h', channel: 'push' } }],
    ['fallback added', AT, { ...AT, fallback: { channel: 'push' } }],
    ['rule changed', RULE, { ...RULE, rule: 'lead:7200' }],
    [
      'rule without a source',
      { ...RULE, source: undefined },
      { ...RULE, source: undefined, rule: 'lead:60' },
    ],
    ['when changed', WHEN, { ...WHEN, when: 'in 3 hours' }],
    ['timeZone changed', WHEN, { ...WHEN, timeZone: 'Asia/Tokyo' }],
    ['timeZone left out', WHEN, { ...WHEN, timeZone: undefined }],
  ])('%s: another request', (_field, first, changed) => {
    const recorded = fingerprint(first);
    expect(isSame(recorded, first)).toBe(true);
    expect(fingerprint(changed)).not.toBe(recorded);
    expect(isSame(recorded, changed)).toBe(false);
  });

  it('counts the same request written another way as the same: offsets, the channel alias, the default priority', () => {
    expect(fingerprint({ ...AT, scheduledAt: '2026-09-11T07:00:00.000Z' })).toBe(fingerprint(AT));
    expect(fingerprint({ channel: 'webhook' })).toBe(fingerprint({ channels: ['webhook'] }));
    expect(fingerprint({ priority: 'normal' })).toBe(fingerprint({}));
  });

  it('does not count who it is for nor the key itself (they are the key)', () => {
    expect(fingerprint({ ...AT, recipientId: 'bob', idempotencyKey: 'k' })).toBe(fingerprint(AT));
  });

  it('still matches a fingerprint recorded by this release: the canonical form is frozen', () => {
    // Recorded fingerprints stay in the database for as long as their key is kept; any change
    // to the canonical form would turn every later replay of them into a 409.
    expect(fingerprint(AT)).toBe(V3_OF_AT);
    // The same request recorded by the release before escalate and fallback counted (v2).
    const v2 = 'v2:56c2cb4ec7ccaa8a08b6718f4ed947d57a4f636fb579347b7e36f0571b1d33b7';
    expect(isSame(v2, AT)).toBe(true);
    expect(isSame(v2, { ...AT, title: 'Other' })).toBe(false);
  });

  it('compares a key recorded before every field counted on the fields it held then', () => {
    // Computed by the release before `v2:` (d172799^) for these very requests.
    const lead = {
      channels: ['webhook'],
      url: 'https://example.org/a',
      eventAt: '2026-09-12T10:00:00+02:00',
      expiresAt: '2026-09-13T00:00:00Z',
      rule: 'lead:3600',
      source: SOURCE,
    };
    const leadRecorded = '81039945eaa891ff20a74e8fb865963a939da70c8aa49527c4cc521921a3928a';
    expect(isSame(leadRecorded, lead)).toBe(true);
    expect(isSame(leadRecorded, { ...lead, source: { ...SOURCE, id: 'e2' } })).toBe(false);
    expect(isSame(leadRecorded, { ...lead, rule: 'lead:60' })).toBe(false);

    const twoChannels = { channels: ['inbox', 'push'], ...WHEN };
    const twoRecorded = '09031d0945f8dfe5e117b75360db2f47ad6852cf654cd472c894a3a13309a951';
    expect(isSame(twoRecorded, twoChannels)).toBe(true);
    expect(isSame(twoRecorded, { ...twoChannels, when: 'in 3 hours' })).toBe(false);
    expect(isSame(twoRecorded, { ...twoChannels, timeZone: undefined })).toBe(false);
    expect(isSame(twoRecorded, { ...twoChannels, channels: ['push', 'inbox'] })).toBe(false);
    // A current fingerprint of the same request is not mistaken for an old one, nor the reverse.
    expect(isSame(fingerprint(twoChannels), twoChannels)).toBe(true);
    expect(isSame(`v2:${twoRecorded}`, twoChannels)).toBe(false);
  });
});

// The fields of issue 33 item 2 (escalate, fallback).
const AT_TEN = '2026-09-10T10:00:00.000Z';
const fingerprintOf = (send: SendNotification) => requestFingerprint(newDeliveryOf(send), send);
const base = (fields: Partial<SendNotification> = {}) =>
  sendCommand({ scheduledAt: AT_TEN, channels: ['inbox'], ...fields });

describe('requestFingerprint with escalate and fallback', () => {
  it('differs when only escalate or fallback differs', () => {
    const plain = fingerprintOf(base());
    const escalating = fingerprintOf(base({ escalate: { after: '1h', channel: 'email' } }));
    const falling = fingerprintOf(base({ fallback: { channel: 'email' } }));
    expect(new Set([plain, escalating, falling]).size).toBe(3);
    expect(fingerprintOf(base({ escalate: { after: '2h', channel: 'email' } }))).not.toBe(
      escalating,
    );
    expect(fingerprintOf(base({ escalate: { after: '1h', channel: 'push' } }))).not.toBe(
      escalating,
    );
    expect(fingerprintOf(base({ fallback: { channel: 'ntfy' } }))).not.toBe(falling);
  });

  it('counts an escalation wait by its length, not its spelling (60m is 1h)', () => {
    expect(fingerprintOf(base({ escalate: { after: '60m', channel: 'email' } }))).toBe(
      fingerprintOf(base({ escalate: { after: '1h', channel: 'email' } })),
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
