import { CommandValidationError, type FieldProblem, parseInstant } from '@tickler/core';
import { LeadRule } from '../../domain/lead-rule';
import { type PlannedNotification, ReconcileScheduled } from './reconcile-scheduled.command';

/** A plan entry with its instants in stored form and its send instant decided. */
export interface NormalisedEntry {
  /** (recipient, source key, rule): the row's identity within the producer app. */
  readonly key: string;
  readonly index: number;
  readonly recipientId: string;
  readonly sourceKey: string;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  /** The send instant: `scheduledAt`, or derived from the rule (ISO UTC, exact to the ms). */
  readonly scheduledAt: string;
  readonly eventAt: string | null;
  readonly expiresAt: string | null;
  /** Canonical rule text, as stored in `source_rule`. */
  readonly rule: string | null;
  readonly sourceCollection: string | null;
  readonly sourceId: string | null;
}

/** The reconcile key of a row or entry. NUL cannot occur in the validated texts. */
export function reconcileKey(recipientId: string, sourceKey: string, rule: string | null): string {
  return `${recipientId}\u0000${sourceKey}\u0000${rule ?? ''}`;
}

function optionalInstant(value: string | null | undefined, field: string): string | null {
  return value === undefined || value === null ? null : parseInstant(value, field);
}

/**
 * Normalises a validated plan: instants to the stored form, the send instant derived from a
 * lead rule. Two entries with the same (recipientId, sourceKey, rule) are a validation error naming
 * the later one: the plan must say once what each row is.
 */
export function normalisePlan(planned: readonly PlannedNotification[]): NormalisedEntry[] {
  const entries: NormalisedEntry[] = [];
  const seen = new Map<string, number>();
  const problems: FieldProblem[] = [];
  planned.forEach((p, index) => {
    const eventAt = optionalInstant(p.eventAt, `planned.${index}.eventAt`);
    const expiresAt = optionalInstant(p.expiresAt, `planned.${index}.expiresAt`);
    const rule =
      p.rule === undefined || p.rule === null
        ? null
        : LeadRule.parse(p.rule, `planned.${index}.rule`);
    const scheduledAt =
      rule === null
        ? parseInstant(p.scheduledAt, `planned.${index}.scheduledAt`)
        : rule.sendInstant(eventAt, expiresAt);
    const ruleText = rule === null ? null : rule.toString();
    const key = reconcileKey(p.recipientId, p.sourceKey, ruleText);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        path: `planned.${index}.sourceKey`,
        message: `duplicates planned.${first} (same recipientId, sourceKey and rule)`,
      });
      return;
    }
    seen.set(key, index);
    entries.push({
      key,
      index,
      recipientId: p.recipientId,
      sourceKey: p.sourceKey,
      title: p.title,
      message: p.message,
      url: p.url ?? null,
      scheduledAt,
      eventAt,
      expiresAt,
      rule: ruleText,
      sourceCollection: p.sourceCollection ?? null,
      sourceId: p.sourceId ?? null,
    });
  });
  if (problems.length > 0) {
    throw new CommandValidationError(ReconcileScheduled.type, problems);
  }
  return entries;
}
