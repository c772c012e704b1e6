// The files that decide delivery (issue 30 item 5): the ONE list. `npm run mutate`
// (stryker.config.mjs) mutates them all against every in-process suite; the CI gate
// (`npm run mutate:gate`, stryker.gate.config.mjs) mutates each against its ring and fails
// below its `break`.
//
// A ring is the in-process specs, on SQLite, that exercise the file: jest `testMatch` globs,
// narrowed further to the specs that import the file (Stryker's findRelatedTests). The
// repositories' and the queue's rings are integration suites. A ring's score is a lower bound of
// the file's score against every suite (more tests can only kill more).
//
// `break` is the score a `--force` run measured, floored to an integer (docs/testing.md,
// "Mutation testing"); `null`: not gated yet (no complete run), the gate skips the file.
const DELIVERY = 'packages/notifications/src/delivery';
const CHANNELS = 'packages/notifications/src/channels';
const NOTIFICATIONS_TEST = 'packages/notifications/test';
const QUEUE = 'packages/core/src/queue';

/** @type {{ name: string, decides: string, file: string, ring: string[], break: number | null }[]} */
const GATED = [
  {
    name: 'delivery-repository',
    decides: 'due read',
    file: `${DELIVERY}/infrastructure/kysely-notification-delivery.repository.ts`,
    ring: [
      `${DELIVERY}/application/deliver-due-notifications/deliver-due-notifications.int.spec.ts`,
      `${DELIVERY}/application/send-notifications/send-notifications.int.spec.ts`,
      `${DELIVERY}/application/count-deliveries-by-status/count-deliveries-by-status.int.spec.ts`,
      `${NOTIFICATIONS_TEST}/use-cases.int.spec.ts`,
      `${NOTIFICATIONS_TEST}/crash-safety.int.spec.ts`,
      `${NOTIFICATIONS_TEST}/retention.int.spec.ts`,
    ],
    break: null,
  },
  {
    name: 'channel-send-repository',
    decides: 'claim / fence',
    file: `${CHANNELS}/infrastructure/kysely-channel-send.repository.ts`,
    ring: [
      `${CHANNELS}/infrastructure/kysely-channel-send.*.int.spec.ts`,
      `${NOTIFICATIONS_TEST}/instance-claims.int.spec.ts`,
      `${NOTIFICATIONS_TEST}/head-of-line.int.spec.ts`,
      `${NOTIFICATIONS_TEST}/fallback.int.spec.ts`,
    ],
    break: null,
  },
  {
    name: 'queue-store',
    decides: 'claim / fence',
    file: `${QUEUE}/queue-store.ts`,
    ring: [`${QUEUE}/*.spec.ts`],
    break: null,
  },
  {
    name: 'queue-claims',
    decides: 'claim / fence',
    file: `${QUEUE}/queue-claims.ts`,
    // Only the recovery of a dead instance's claims reaches it.
    ring: ['packages/core/src/instance/claim-recovery.int.spec.ts', `${QUEUE}/*.spec.ts`],
    // 100 % (13 of 13) on 2026-12-05, with queue-claims.int.spec.ts.
    break: 100,
  },
  {
    name: 'repeat-rearm',
    decides: 'claim / fence',
    file: `${QUEUE}/repeat-rearm.ts`,
    ring: [`${QUEUE}/repeat-rearm.spec.ts`, `${QUEUE}/queue-repeat.int.spec.ts`],
    // 97.1 % (68 of 70) on 2026-12-05.
    break: 97,
  },
  {
    name: 'notification-transitions',
    decides: 'transitions',
    file: `${DELIVERY}/domain/notification-transitions.ts`,
    ring: [`${DELIVERY}/domain/*.spec.ts`],
    // 98.4 % (60 of 61) on 2026-12-05.
    break: 98,
  },
  {
    name: 'channel-send-transitions',
    decides: 'transitions',
    file: `${CHANNELS}/domain/channel-send-transitions.ts`,
    ring: [`${CHANNELS}/domain/*.spec.ts`],
    // 100 % (34 of 34) on 2026-12-05.
    break: 100,
  },
  {
    name: 'request-fingerprint',
    decides: 'idempotency',
    file: `${DELIVERY}/application/send-notification/request-fingerprint.ts`,
    ring: [`${DELIVERY}/application/send-notification/*.spec.ts`],
    // 98.5 % (66 of 67) on 2026-12-05.
    break: 98,
  },
  {
    name: 'load-owned-delivery',
    decides: 'scoping',
    file: `${DELIVERY}/application/ports/load-owned-delivery.ts`,
    // The handlers that load a person's delivery by id (cancel, get, reschedule, ...).
    ring: [`${DELIVERY}/application/*/*.handler.spec.ts`],
    // 100 % (8 of 8) on 2026-12-05.
    break: 100,
  },
  {
    name: 'origin-guard',
    decides: 'CSRF',
    file: 'apps/daemon/src/http/hardening/origin-guard.ts',
    // The e2e specs that also reach it spawn the built daemon: out of a mutant's reach.
    ring: ['apps/daemon/src/http/hardening/*.spec.ts'],
    // 96.9 % (31 of 32) on 2026-12-05.
    break: 96,
  },
];

module.exports = { GATED };
