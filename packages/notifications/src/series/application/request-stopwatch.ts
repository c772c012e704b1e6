import { type Stopwatch } from '@tickler/time';

/**
 * The monotonic clock that bounds a request's expansions of a rule in time (the domain reads
 * no clock; `performance.now` is not the business clock either, it only measures work).
 */
export const requestStopwatch: Stopwatch = () => performance.now();
