/**
 * DI tokens of recurring series and reconcile withdrawals (kept apart from `NOTIFICATIONS_TOKENS` so the series work and
 * the profile work can each add theirs without touching one file).
 */
export const SERIES_TOKENS = {
  /** `SeriesRepository`: series and their per-occurrence ledger. */
  SeriesRepository: Symbol.for('notifications.SeriesRepository'),
  /**
   * `RecipientTimeZone`: a recipient's IANA zone, the default of `repeat.timeZone` and of a
   * `when`'s `timeZone`; bound to the profile's zone (`ProfileRecipientTimeZone`).
   */
  RecipientTimeZone: Symbol.for('notifications.RecipientTimeZone'),
  /**
   * `RecurringSeries`: delivery's port onto recurring series (create and edit with `repeat`,
   * `scope: "series"`, the `repeat` of a view), bound to `RecurringSeriesService`.
   */
  RecurringSeries: Symbol.for('notifications.RecurringSeries'),
  /** `WithdrawalRepository`: which canceled rows reconcile withdrew (a key planned again returns). */
  Withdrawals: Symbol.for('notifications.Withdrawals'),
} as const;
