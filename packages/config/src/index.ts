// Where a Tickler daemon keeps its data and token and where it listens: the environment
// variables and `TICKLER_CONFIG` file both the daemon and its clients (the CLI) read.
export * from './daemon-config';
export * from './config.error';
export * from './load-config';
export * from './channel-settings';
export * from './user-data-dir';
export * from './discovery-file';
