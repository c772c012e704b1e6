// The pure kernel: what a domain folder may import. No I/O, no clock, no container.
export * from './aggregate-root';
export * from './domain-event';
export * from './domain-error';
export * from './instant';
export * from './duration';
export * from './local-date-time';
export * from './zoned-time';
export * from './local-times-of-day';
