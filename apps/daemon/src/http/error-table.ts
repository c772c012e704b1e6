/**
 * The one table from a stable error `code` to an HTTP status. A `DomainError` whose code is
 * missing here is answered 500 and logged as a bug: adding a code to a context means adding
 * it here.
 */
export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  // kernel
  VALIDATION_FAILED: 400,
  INVALID_ARGUMENT: 400,
  // HTTP boundary
  'HTTP.INVALID_JSON': 400,
  'HTTP.BAD_REQUEST': 400,
  'AUTH.UNAUTHENTICATED': 401,
  'AUTH.FORBIDDEN': 403,
  'AUTH.CROSS_ORIGIN': 403,
  'AUTH.TOKEN_NOT_FOUND': 404,
  'HTTP.ROUTE_NOT_FOUND': 404,
  'HTTP.BODY_TOO_LARGE': 413,
  'HTTP.URI_TOO_LONG': 414,
  'HTTP.UNSUPPORTED_MEDIA_TYPE': 415,
  'HTTP.HOST_NOT_ALLOWED': 421,
  'HTTP.TOO_MANY_STREAMS': 429,
  'HTTP.SERVER_BUSY': 503,
  // storage: the database cannot be written right now (disk full, read-only, I/O error, lock
  // held too long) — the request was fine and may succeed later
  'STORAGE.FULL': 503,
  'STORAGE.READ_ONLY': 503,
  'STORAGE.IO_ERROR': 503,
  'STORAGE.BUSY': 503,
  // `tickler migrate` (the daemon's copy): the source or target cannot be copied
  'MIGRATE.REFUSED': 422,
  // notifications
  'NOTIFICATIONS.INVALID_LEAD_RULE': 400,
  'NOTIFICATIONS.LEAD_RULE_ANCHOR_MISSING': 400,
  'NOTIFICATIONS.NOT_FOUND': 404,
  'NOTIFICATIONS.ALREADY_SENT': 409,
  'NOTIFICATIONS.NOT_SCHEDULED': 409,
  'NOTIFICATIONS.UNDO_EXPIRED': 409,
  'NOTIFICATIONS.CONCURRENT_UPDATE': 409,
  'NOTIFICATIONS.SOURCE_KEY_TAKEN': 409,
  'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND': 404,
  'NOTIFICATIONS.ACTION_LINK_NOT_FOUND': 404,
  'NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND': 404,
  'NOTIFICATIONS.SUBSCRIPTION_LIMIT': 409,
  'NOTIFICATIONS.SEND_NOT_FOUND': 404,
  'NOTIFICATIONS.SEND_NOT_FAILED': 409,
  'NOTIFICATIONS.CONFIRMATION_RATE_LIMITED': 429,
  'NOTIFICATIONS.NOT_RECURRING': 409,
  'NOTIFICATIONS.RULE_TOO_COSTLY': 422,
  'IDEMPOTENCY.KEY_REUSED': 409,
  'IDEMPOTENCY.NOTIFICATION_DELETED': 409,
  // calendar
  'CALENDAR.NOT_FOUND': 404,
  'CALENDAR.FEED_NOT_FOUND': 404,
  'CALENDAR.LIMIT_REACHED': 409,
  'CALENDAR.PLAN_TOO_LARGE': 409,
};

/**
 * fastify's own body-parsing failures, translated to our codes (their `FST_…` codes are an
 * implementation detail we do not want in the contract).
 */
export const FASTIFY_CODES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'HTTP.BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'HTTP.INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'HTTP.UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'HTTP.INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'HTTP.INVALID_JSON',
};

/**
 * Storage in trouble — SQLite's primary result codes, PostgreSQL SQLSTATEs and connection
 * errors — translated to our codes (503) with a message
 * that says what happened. better-sqlite3 reports extended codes (`SQLITE_IOERR_WRITE`,
 * `SQLITE_READONLY_DBMOVED`); the primary code before the second underscore decides.
 */
export const STORAGE_CODES: Readonly<Record<string, { code: string; message: string }>> = {
  SQLITE_FULL: {
    code: 'STORAGE.FULL',
    message: 'the database disk is full; retry when space is freed',
  },
  SQLITE_READONLY: {
    code: 'STORAGE.READ_ONLY',
    message: 'the database is read-only; nothing was written',
  },
  SQLITE_IOERR: {
    code: 'STORAGE.IO_ERROR',
    message: 'the database could not be read or written; retry later',
  },
  SQLITE_CANTOPEN: {
    code: 'STORAGE.IO_ERROR',
    message: 'the database could not be opened; retry later',
  },
  SQLITE_BUSY: {
    code: 'STORAGE.BUSY',
    message: 'the database is locked by another writer; retry later',
  },
  // PostgreSQL (SQLSTATE) and the connection to it, for the scale-out back end.
  '53100': {
    code: 'STORAGE.FULL',
    message: 'the database disk is full; retry when space is freed',
  },
  '25006': { code: 'STORAGE.READ_ONLY', message: 'the database is read-only; nothing was written' },
  '53300': { code: 'STORAGE.BUSY', message: 'the database has no free connections; retry later' },
  '57P01': { code: 'STORAGE.IO_ERROR', message: 'the database is shutting down; retry later' },
  '57P03': {
    code: 'STORAGE.IO_ERROR',
    message: 'the database is not accepting connections yet; retry later',
  },
  '08006': {
    code: 'STORAGE.IO_ERROR',
    message: 'the connection to the database failed; retry later',
  },
  ECONNREFUSED: {
    code: 'STORAGE.IO_ERROR',
    message: 'the database cannot be reached; retry later',
  },
  ECONNRESET: {
    code: 'STORAGE.IO_ERROR',
    message: 'the connection to the database was reset; retry later',
  },
};
