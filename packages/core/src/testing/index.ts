export * from './test-app';
export * from './temp-directory';
export * from './test-database';
export * from './explain-postgres';
export * from './invalid-argument';
