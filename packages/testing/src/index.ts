// Test support shared by every project's tests (and the reliability tools). Production code
// must not import it: lint refuses `@tickler/testing` outside tests (eslint.config.mjs).
export * from './repo-root';
export * from './eventually';
export * from './http-client';
export * from './raw-connection';
export * from './daemon-process';
export * from './daemon-per-file';
export * from './child-process';
export * from './warm-fixtures';
export * from './build-projects';
export * from './e2e-run';
export * from './test-backend';
export * from './daemon-database';
