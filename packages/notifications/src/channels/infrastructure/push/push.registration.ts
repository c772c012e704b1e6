import { CORE_TOKENS, type Clock, toIsoUtc } from '@tickler/core';
import { type ContainerModuleLoadOptions } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { FileVapidKeySource } from './file-vapid-key-source';
import { KyselyVapidKeySource } from './kysely-vapid-key-source';
import { type PushOptions, resolvePushSettings } from './push.options';
import { TargetGuard } from '../outbound/target-guard';

/**
 * What the web push channel needs bound: its settings and its VAPID key source (a file when
 * `vapidKeyFile` is set, else the database row) and its target rule (the context's
 * `TargetGuard`). The adapter itself is one entry of `EXTERNAL_CHANNELS`.
 */
export function bindPushChannel(
  { bind }: Pick<ContainerModuleLoadOptions, 'bind'>,
  options: PushOptions = {},
): void {
  bind(NOTIFICATIONS_TOKENS.PushSettings).toConstantValue(resolvePushSettings(options));
  const file = options.vapidKeyFile;
  if (file !== undefined) {
    bind(NOTIFICATIONS_TOKENS.VapidKeys)
      .toDynamicValue((context) => {
        const clock = context.get<Clock>(CORE_TOKENS.Clock);
        return new FileVapidKeySource(file, () => toIsoUtc(clock.now()));
      })
      .inSingletonScope();
  } else {
    bind(NOTIFICATIONS_TOKENS.VapidKeys).to(KyselyVapidKeySource).inSingletonScope();
  }
  // A push endpoint is a URL a user token registers: the same address rule as webhooks.
  bind(NOTIFICATIONS_TOKENS.PushTargetRule).toDynamicValue((context) => context.get(TargetGuard));
}
