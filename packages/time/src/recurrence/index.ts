// Recurring series: the RFC 5545 RRULE subset, its expansion in an IANA zone, words for UIs
// and friendly phrases for the CLI. Pure domain code: no clock, no I/O.
export {
  RecurrenceRule,
  type RecurrenceRuleInput,
  type RecurrenceRuleOptions,
  type Occurrence,
  type NumberedOccurrence,
  MAX_OCCURRENCES_LISTED,
} from './recurrence-rule';
export {
  planAdvance,
  type AdvancePlan,
  type PassedReason,
  MAX_MISSED_LISTED,
} from './plan-advance';
export { parseRRule, RRULE_LIMITS } from './parse-rrule';
export {
  EXPANSION_LIMITS,
  ExpansionBudget,
  RecurrenceTooCostlyError,
  type Stopwatch,
} from './expansion-budget';
export {
  formatRRule,
  type RRuleParts,
  type ByDay,
  type RuleUntil,
  type Frequency,
} from './rrule-parts';
export { describeRecurrence } from './describe-recurrence';
export { ruleFromPhrase, PHRASE_EXAMPLES } from './recurrence-phrase';
