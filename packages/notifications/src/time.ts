// The natural-language time rule alone (`@tickler/notifications/time`), for clients that need
// it without loading the whole contract: the CLI reads `--at` with it on every run, and the
// contract's entry point pulls in class-validator, kysely and inversify (about 3 s of a
// loaded machine's start-up, against well under one for this file). The recurrence rule is
// here too: the CLI reads `--every` and `--rrule` with it, and it needs no more than this file.
export {
  DEFAULT_TIME_OF_DAY,
  resolveWhen,
  type ResolvedWhen,
  type ResolveWhenOptions,
} from './application/time/resolve-when';
export { RecurrenceRule, ruleFromPhrase } from './domain/recurrence';
