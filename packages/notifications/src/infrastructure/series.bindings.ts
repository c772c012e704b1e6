import { type ContainerModuleLoadOptions } from 'inversify';
import { SeriesScheduler } from '../application/series/series-scheduler';
import { SeriesStarter } from '../application/series/series-starter';
import { SeriesEdits } from '../application/series/series-edits';
import { SERIES_TOKENS } from '../series.tokens';
import { KyselySeriesRepository } from './kysely-series.repository';
import { KyselyWithdrawalRepository } from './kysely-withdrawal.repository';
import { UtcRecipientTimeZone } from './utc-recipient-time-zone';

/**
 * Recurring series' bindings. `RecipientTimeZone` is UTC for now: the recipient profile
 * (issue 13, item 1) replaces this one binding with its own implementation of the port.
 */
export function bindSeries({ bind }: Pick<ContainerModuleLoadOptions, 'bind'>): void {
  bind(SERIES_TOKENS.SeriesRepository).to(KyselySeriesRepository).inSingletonScope();
  bind(SERIES_TOKENS.RecipientTimeZone).to(UtcRecipientTimeZone).inSingletonScope();
  bind(SeriesScheduler).toSelf().inSingletonScope();
  bind(SeriesStarter).toSelf().inSingletonScope();
  bind(SeriesEdits).toSelf().inSingletonScope();
  bind(SERIES_TOKENS.Withdrawals).to(KyselyWithdrawalRepository).inSingletonScope();
}
