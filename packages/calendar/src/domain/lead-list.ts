import { InvalidArgumentError, parseDuration } from '@tickler/core/domain';

/** Most reminders one calendar may give each event by default. */
export const MAX_LEADS = 5;

/** Longest lead: a reminder a month ahead is a separate event, not a reminder of this one. */
export const MAX_LEAD_SECONDS = 30 * 86_400;

/** The default lead of a new calendar: 15 minutes before each event. */
export const DEFAULT_LEAD = '15m';

const RULE = /^lead:(0|[1-9]\d{0,8})(@expiry)?$/;

/**
 * A calendar's default lead as canonical rules (`lead:900`, `lead:0@expiry`), from what a person
 * types: items separated by commas, each a duration with a unit (`15m`, `1h`, `PT10M`) or a
 * notifications lead rule (`lead:3600`, `lead:0@expiry`). Empty text means "no default reminder"
 * (only the events' own alarms). Order and duplicates do not matter: the rules are sorted and
 * unique, so the same policy always reads the same (the rule is part of each reminder's key).
 */
export function parseLeadList(text: string, field = 'lead'): string[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length > MAX_LEADS) {
    throw new InvalidArgumentError(field, `give at most ${MAX_LEADS} leads, separated by commas`);
  }
  const rules = new Set<string>();
  for (const item of items) {
    rules.add(leadRuleOf(item, field));
  }
  return [...rules].sort(compareRules);
}

function leadRuleOf(item: string, field: string): string {
  const rule = RULE.exec(item);
  let seconds: number;
  if (rule) {
    seconds = Number(rule[1]);
  } else if (item === '0') {
    seconds = 0;
  } else {
    const ms = parseDuration(item, field);
    if (ms % 1000 !== 0) {
      throw new InvalidArgumentError(field, `"${item}" is not a whole number of seconds`);
    }
    seconds = ms / 1000;
  }
  if (seconds > MAX_LEAD_SECONDS) {
    throw new InvalidArgumentError(field, `"${item}" is longer than 30 days`);
  }
  return `lead:${seconds}${rule?.[2] ?? ''}`;
}

function secondsOf(rule: string): number {
  return Number(/^lead:(\d+)/.exec(rule)?.[1] ?? 0);
}

function compareRules(a: string, b: string): number {
  return secondsOf(a) - secondsOf(b) || a.localeCompare(b);
}

/** `lead:900` → `15m`, `lead:5400` → `1h30m`, `lead:0@expiry` → `0s before the end`: for lists. */
export function describeLead(rule: string): string {
  const match = RULE.exec(rule);
  if (!match) {
    return rule;
  }
  let rest = Number(match[1]);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  const text = parts.length === 0 ? '0s' : parts.join('');
  return match[2] === undefined ? text : `${text} before the end`;
}
