import { type ContainerModuleLoadOptions } from 'inversify';
import { SeriesScheduler } from '../application/series-scheduler';
import { SeriesStarter } from '../application/series-starter';
import { SeriesEdits } from '../application/series-edits';
import { ProfileRecipientTimeZone } from '../application/profile-recipient-time-zone';
import { RecurringSeriesService } from '../application/recurring-series.service';
import { SERIES_TOKENS } from '../../shared/series.tokens';
import { KyselySeriesRepository } from './kysely-series.repository';
import { KyselyWithdrawalRepository } from '../../delivery/infrastructure/kysely-withdrawal.repository';

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
