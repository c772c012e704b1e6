export * from './test-app';
export * from './temp-directory';
