import { type BoundedContext } from '@tickler/core';
import { notificationsContext } from '@tickler/notifications/context';
import { authContext } from './auth/auth.context';
import { type DaemonConfig } from '@tickler/config';

/** The bounded contexts the daemon composes, configured from its settings. */
export function daemonContexts(config: DaemonConfig): BoundedContext[] {
  return [
    notificationsContext({
      graceMs: config.graceMs,
      delivery: config.delivery,
      allowPrivateTargets: config.allowPrivateTargets,
    }),
    authContext(),
  ];
}
