import { type ContextModule } from '../shared/context-module';
import { SERIES_TOKENS } from '../shared/series.tokens';
import { ListOccurrencesHandler } from './application/list-occurrences/list-occurrences.handler';
import { ProfileRecipientTimeZone } from './application/profile-recipient-time-zone';
import { RecurringSeriesService } from './application/recurring-series.service';
import { SeriesEdits } from './application/series-edits';
import { SeriesScheduler } from './application/series-scheduler';
import { SeriesSettlePolicy } from './application/series-settle.policy';
import { SeriesStarter } from './application/series-starter';
import { KyselySeriesRepository } from './infrastructure/kysely-series.repository';

/**
 * Recurring series: a create or edit with `repeat`, `scope: "series"`, each settled occurrence
 * scheduling the next. Implements delivery's `RecurringSeries` port. `RecipientTimeZone` reads
 * the recipient profile: a series or a `when` that names no zone is in the person's own (UTC
 * when they set none).
 */
export const seriesModule: ContextModule = {
  bind(bind) {
    bind(SERIES_TOKENS.SeriesRepository).to(KyselySeriesRepository).inSingletonScope();
    bind(SERIES_TOKENS.RecipientTimeZone).to(ProfileRecipientTimeZone).inSingletonScope();
    bind(SeriesScheduler).toSelf().inSingletonScope();
    bind(SeriesStarter).toSelf().inSingletonScope();
    bind(SeriesEdits).toSelf().inSingletonScope();
    bind(SERIES_TOKENS.RecurringSeries).to(RecurringSeriesService).inSingletonScope();
  },
  commands: [ListOccurrencesHandler],
  // A settled occurrence of a series schedules the next one in the same transaction.
  policies: [SeriesSettlePolicy],
};
