import { type ContainerModuleLoadOptions } from 'inversify';
import { SeriesScheduler } from '../application/series/series-scheduler';
import { SeriesStarter } from '../application/series/series-starter';
import { SeriesEdits } from '../application/series/series-edits';
import { ProfileRecipientTimeZone } from '../application/series/profile-recipient-time-zone';
import { RecurringSeriesService } from '../application/series/recurring-series.service';
import { SERIES_TOKENS } from '../series.tokens';
import { KyselySeriesRepository } from './kysely-series.repository';
import { KyselyWithdrawalRepository } from './kysely-withdrawal.repository';

/**
 * Recurring series' bindings. `RecipientTimeZone` reads the recipient profile: a series or a
 * `when` that names no zone is in the person's own (UTC when they set none).
 */
export function bindSeries({ bind }: Pick<ContainerModuleLoadOptions, 'bind'>): void {
  bind(SERIES_TOKENS.SeriesRepository).to(KyselySeriesRepository).inSingletonScope();
  bind(SERIES_TOKENS.RecipientTimeZone).to(ProfileRecipientTimeZone).inSingletonScope();
  bind(SeriesScheduler).toSelf().inSingletonScope();
  bind(SeriesStarter).toSelf().inSingletonScope();
  bind(SeriesEdits).toSelf().inSingletonScope();
  bind(SERIES_TOKENS.RecurringSeries).to(RecurringSeriesService).inSingletonScope();
  bind(SERIES_TOKENS.Withdrawals).to(KyselyWithdrawalRepository).inSingletonScope();
}
