import { type AdminTokenSource, authContext } from '@tickler/auth';
import { type BoundedContext } from '@tickler/core';
import { notificationsContext } from '@tickler/notifications/context';
import { type DaemonConfig } from '@tickler/config';

/** The bounded contexts the daemon composes, configured from its settings. */
export function daemonContexts(
  config: DaemonConfig,
  adminToken: AdminTokenSource,
): BoundedContext[] {
  return [
    notificationsContext({
      graceMs: config.graceMs,
      delivery: config.delivery,
      allowPrivateTargets: config.allowPrivateTargets,
    }),
    authContext({ adminToken }),
  ];
}
