import { BoundedContext } from '@tickler/core';
import { channelsModule, type ChannelsOptions } from './channels/channels.module';
import { deliveryModule } from './delivery/delivery.module';
import { retentionModule } from './delivery/retention.module';
import { notificationsMigrations } from './migrations/notifications.migrations';
import { preferencesModule } from './preferences/preferences.module';
import { profileModule } from './profile/profile.module';
import { seriesModule } from './series/series.module';
import { type ContextModule, joinModules } from './shared/context-module';
import {
  type NotificationsOptions,
  resolveNotificationsOptions,
} from './shared/application/notifications.options';
import { NOTIFICATIONS_TOKENS } from './shared/notifications.tokens';

export { EXTERNAL_CHANNELS } from './channels/channels.module';

/** Options of the context plus replaceable adapters (tests, embedding). */
export interface NotificationsContextOptions extends NotificationsOptions, ChannelsOptions {}

/**
 * The notifications bounded context, ready for `Application.create({ contexts: [...] })`: its
 * migrations, its options, and its modules — each registers its own use cases, adapters,
 * projectors, policies, claims and jobs (`<module>/<module>.module.ts`).
 */
export function notificationsContext(options: NotificationsContextOptions = {}): BoundedContext {
  const resolved = resolveNotificationsOptions(options);
  const settings = {
    bind: (bind) => bind(NOTIFICATIONS_TOKENS.Options).toConstantValue(resolved),
  } satisfies ContextModule;
  return BoundedContext.create({
    name: 'notifications',
    migrations: notificationsMigrations,
    ...joinModules([
      settings,
      deliveryModule,
      retentionModule,
      profileModule,
      preferencesModule,
      seriesModule,
      channelsModule(options),
    ]),
  });
}
