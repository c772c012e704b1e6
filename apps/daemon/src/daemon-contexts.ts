import { type AdminTokenSource, authContext } from '@tickler/auth/context';
import { type BoundedContext, coreMigrations, type MigrationSet } from '@tickler/core';
import { calendarContext } from '@tickler/calendar/context';
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
      subscriptionsPerChannel: config.subscriptionsPerChannel,
      throttle: config.throttle,
      retention: config.retentionMs,
      ...(config.publicUrl === undefined ? {} : { publicUrl: config.publicUrl }),
      push: {
        subject: config.vapidSubject,
        // A push the service still holds past the grace window would arrive as noise.
        ttl: config.graceMs,
        ...(config.vapidKeyFile !== undefined ? { vapidKeyFile: config.vapidKeyFile } : {}),
      },
      email: {
        ...(config.smtpUrl !== undefined ? { smtpUrl: config.smtpUrl } : {}),
        ...(config.smtpFrom !== undefined ? { from: config.smtpFrom } : {}),
      },
    }),
    authContext({ adminToken }),
    // Uses notifications: its commands in-process, its outbound address rule for downloads.
    calendarContext(),
  ];
}

/** One schema's history: the ledger prefix (`<context>_migrations`) and its migrations. */
export interface ContextMigrations {
  readonly context: string;
  readonly migrations: MigrationSet;
}

/**
 * Every schema the daemon keeps, in the order `Application.create` migrates them: the kernel's
 * (`shared`) first, then each of `contexts`. `tickler migrate` brings a target up to date with
 * it; nobody else keeps a list.
 */
export function daemonMigrations(contexts: readonly BoundedContext[]): ContextMigrations[] {
  return [
    { context: 'shared', migrations: coreMigrations },
    ...contexts.map((c) => ({ context: c.name, migrations: c.definition.migrations })),
  ];
}
