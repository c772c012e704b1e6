import { type ContextModule } from '../shared/context-module';
import { NOTIFICATIONS_TOKENS } from '../shared/notifications.tokens';
import { GetPreferencesHandler } from './application/get-preferences/get-preferences.handler';
import { StoredChannelPreferences } from './application/stored-channel-preferences';
import { UpdatePreferencesHandler } from './application/update-preferences/update-preferences.handler';
import { KyselyPreferenceRepository } from './infrastructure/kysely-preference.repository';

/**
 * People's channel preferences per source (docs/preferences.md). Implements delivery's
 * `ChannelPreferences` port, which firing asks.
 */
export const preferencesModule: ContextModule = {
  bind(bind) {
    bind(NOTIFICATIONS_TOKENS.PreferenceRepository)
      .to(KyselyPreferenceRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.ChannelPreferences).to(StoredChannelPreferences).inSingletonScope();
  },
  commands: [GetPreferencesHandler, UpdatePreferencesHandler],
};
