import { type BoundedContext } from '@tickler/core';
import { authContext } from './auth/auth.context';
import { type DaemonConfig } from './config/daemon-config';

/** The bounded contexts the daemon composes, configured from its settings. */
export function daemonContexts(_config: DaemonConfig): BoundedContext[] {
  return [authContext()];
}
