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
  'HTTP.ROUTE_NOT_FOUND': 404,
  'HTTP.BODY_TOO_LARGE': 413,
  'HTTP.UNSUPPORTED_MEDIA_TYPE': 415,
  // notifications
  'NOTIFICATIONS.INVALID_LEAD_RULE': 400,
  'NOTIFICATIONS.LEAD_RULE_ANCHOR_MISSING': 400,
  'NOTIFICATIONS.NOT_FOUND': 404,
  'NOTIFICATIONS.ALREADY_SENT': 409,
  'NOTIFICATIONS.NOT_SCHEDULED': 409,
  'NOTIFICATIONS.CONCURRENT_UPDATE': 409,
  'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND': 404,
  'NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND': 404,
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
