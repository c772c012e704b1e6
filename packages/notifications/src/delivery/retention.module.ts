import { type ContextModule } from '../shared/context-module';
import { NOTIFICATIONS_TOKENS } from '../shared/notifications.tokens';
import { PruneExpiredHandler } from './application/prune-expired/prune-expired.handler';
import { KyselyRetentionStore } from './infrastructure/kysely-retention.store';

/**
 * Retention (issue 33; Oban's Pruner, pg-boss `deleteAfter`): the hourly `PruneExpired` job and
 * its store. Its own module so the job and every statement that prunes are found in one place.
 */
export const retentionModule: ContextModule = {
  bind(bind) {
    bind(NOTIFICATIONS_TOKENS.RetentionStore).to(KyselyRetentionStore).inSingletonScope();
  },
  jobs: [
    {
      handler: PruneExpiredHandler,
      // After downtime one run stands for the missed ones: each run prunes up to the window.
      repeat: { every: '1h', onMissed: 'run-once', grace: '1h' },
    },
  ],
};
