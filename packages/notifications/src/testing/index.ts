// Test helpers of the notifications context: import from `@tickler/notifications/testing` in
// tests only (excluded from the library build).
export * from './test-app';
export * from './webhook-receiver';
export * from './fakes';
export * from './handler-fixtures';
export * from './in-memory-delivery.repository';
export * from './in-memory-inbox.repository';
export * from './in-memory-subscription.repository';
export * from './push-service-stand-in';
export * from './self-signed-certificate';
export * from './smtp-test-server';
export * from './in-memory-channel-send.repository';
export * from './in-memory-idempotency';
export * from './in-memory-recipient-profile.repository';
export * from './in-memory-preference.repository';
export * from './in-memory-series.repository';
export * from './series-kit';
export * from './in-memory-withdrawals';
export * from './dispatcher-fixtures';
export * from './email-confirmation-kit';
export * from './ntfy-stand-in';
export * from './delivery-rows';
export * from './webhook-test-apps';
