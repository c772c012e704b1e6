import { parseInstant } from '@tickler/core';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { LeadRule, LeadRuleBeforeEpochError } from '../domain/lead-rule';

/** The fields that decide a send instant: an explicit one, or an event window plus a rule. */
interface InstantFields {
  readonly scheduledAt?: unknown;
  readonly eventAt?: unknown;
  readonly expiresAt?: unknown;
  readonly rule?: unknown;
}

type InstantField = keyof InstantFields;

/** JSON `null` counts as absent, like class-validator's `IsOptional`. */
function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function instantProblem(field: string, value: unknown): string | undefined {
  try {
    parseInstant(value, field);
    return undefined;
  } catch {
    return `${field} must be an RFC 3339 date-time with an offset, e.g. 2026-09-10T08:30:00Z`;
  }
}

function ruleProblem(o: InstantFields): string | undefined {
  if (!LeadRule.isValid(o.rule)) {
    return 'rule must be lead:<seconds> (before eventAt) or lead:<seconds>@expiry (before expiresAt), e.g. lead:3600';
  }
  if (given(o.scheduledAt)) {
    return 'give either scheduledAt or eventAt + rule, not both';
  }
  return underflowProblem(o);
}

/** The rule counted back from a valid anchor lands before 1970 (no storable instant). */
function underflowProblem(o: InstantFields): string | undefined {
  const rule = LeadRule.parse(o.rule);
  const anchor = o[rule.anchorField];
  if (!given(anchor) || instantProblem(rule.anchorField, anchor) !== undefined) {
    return undefined;
  }
  const stored = parseInstant(anchor);
  try {
    rule.sendInstant(stored, stored);
    return undefined;
  } catch (error) {
    if (error instanceof LeadRuleBeforeEpochError) {
      return `rule ${rule.toString()} counts back from ${rule.anchorField} ${stored} to before 1970-01-01T00:00:00Z`;
    }
    throw error;
  }
}

/**
 * A plan entry's send-instant fields: either `scheduledAt`, or `eventAt` + `rule` (a rule
 * anchored `@expiry` also needs `expiresAt`). Each problem is reported on the field that is
 * wrong or missing, so a bad combination reads `planned.3.eventAt: eventAt is required by …`.
 */
function plannedProblem(field: InstantField, o: InstantFields): string | undefined {
  const value = o[field];
  const ruleText = typeof o.rule === 'string' ? o.rule : '';
  switch (field) {
    case 'rule':
      return given(value) ? ruleProblem(o) : undefined;
    case 'scheduledAt':
      if (!given(value)) {
        return given(o.rule)
          ? undefined
          : 'scheduledAt is required unless eventAt and rule are given';
      }
      return instantProblem(field, value);
    case 'eventAt':
      if (!given(value)) {
        return given(o.rule) && !given(o.scheduledAt)
          ? `eventAt is required by rule ${ruleText}`
          : undefined;
      }
      return instantProblem(field, value);
    case 'expiresAt': {
      if (!given(value)) {
        return LeadRule.isValid(o.rule) && LeadRule.parse(o.rule).anchor === 'expiry'
          ? `expiresAt is required by rule ${ruleText}`
          : undefined;
      }
      const problem = instantProblem(field, value);
      if (problem !== undefined || !given(o.eventAt) || instantProblem('eventAt', o.eventAt)) {
        return problem;
      }
      return parseInstant(value) < parseInstant(o.eventAt)
        ? 'expiresAt must not be before eventAt'
        : undefined;
    }
  }
}

function check(
  name: string,
  problem: (value: unknown, object: InstantFields) => string | undefined,
): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        problem(value, args?.object ?? {}) === undefined,
      defaultMessage: (args?: ValidationArguments) =>
        problem(args?.value, args?.object ?? {}) ?? 'invalid',
    },
  });
}

/**
 * One send-instant field of a reconcile plan entry (see {@link plannedProblem}). Use it instead
 * of `IsOptional` + `IsInstant`: presence depends on the sibling fields.
 */
export function IsPlannedInstantField(field: InstantField): PropertyDecorator {
  return check(`planned-${field}`, (_value, o) => plannedProblem(field, o));
}

/**
 * `rule` of `SendNotification` (pair it with `IsOptional`): a canonical lead rule, never with
 * `scheduledAt`, and with the anchor instant it counts back from. Errors land on `rule`
 * because the command's other fields keep their own plain optional rules.
 */
export function IsSendLeadRule(): PropertyDecorator {
  return check('send-lead-rule', (_value, o) => {
    const problem = ruleProblem(o);
    if (problem !== undefined) {
      return problem;
    }
    const anchor = LeadRule.parse(o.rule).anchorField;
    if (!given(o.eventAt)) {
      return `rule needs eventAt`;
    }
    return given(o[anchor]) ? undefined : `rule ${String(o.rule)} needs ${anchor}`;
  });
}
