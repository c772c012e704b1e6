import { DomainError } from '@tickler/core/domain';

/** No calendar with this id belongs to this person. */
export class CalendarNotFoundError extends DomainError {
  readonly code = 'CALENDAR.NOT_FOUND';

  constructor(readonly calendarId: string) {
    super(`no calendar ${calendarId.slice(0, 64)} for this user`, {
      calendarId: calendarId.slice(0, 64),
    });
  }
}

/** A person has as many calendars as one may have. */
export class CalendarLimitReachedError extends DomainError {
  readonly code = 'CALENDAR.LIMIT_REACHED';

  constructor(readonly limit: number) {
    super(`a user may have at most ${limit} calendars: remove one first`, { limit });
  }
}

/** The feed token is unknown or revoked (the feed route answers 404, telling nothing more). */
export class CalendarFeedNotFoundError extends DomainError {
  readonly code = 'CALENDAR.FEED_NOT_FOUND';

  constructor() {
    super('no such calendar feed');
  }
}

/** All calendars together would plan more reminders than one reconcile takes. */
export class CalendarPlanTooLargeError extends DomainError {
  readonly code = 'CALENDAR.PLAN_TOO_LARGE';

  constructor(readonly limit: number) {
    super(`all calendars together would plan more than ${limit} reminders within the window`, {
      limit,
    });
  }
}
