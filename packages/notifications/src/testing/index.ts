// Test helpers of the notifications context: import from `@tickler/notifications/testing` in
// tests only (excluded from the library build).
export * from './test-app';
export * from './webhook-receiver';
export * from './fakes';
export * from './in-memory-idempotency';
