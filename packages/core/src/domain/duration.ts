import { InvalidArgumentError } from './domain-error';

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/**
 * Parses a duration such as `500ms`, `30s`, `1m`, `12h`, `1h30m` or `2d` into milliseconds.
 * A bare number is taken as milliseconds. Zero and negative durations are rejected.
 */
export function parseDuration(value: string | number, field = 'duration'): number {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value <= 0) {
      throw new InvalidArgumentError(field, 'must be a positive whole number of milliseconds');
    }
    return value;
  }
  if (typeof value !== 'string') {
    // Untyped input (JSON, env) reaches here too; fail with the field's name, not a TypeError.
    throw new InvalidArgumentError(field, 'must be a duration like 30s, 1m, 12h or 1h30m');
  }
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    return parseDuration(Number(text), field);
  }
  const parts = /^(?:\d+(?:ms|s|m|h|d))+$/.test(text) ? text.match(/\d+(?:ms|s|m|h|d)/g) : null;
  if (!parts) {
    throw new InvalidArgumentError(
      field,
      `"${text.slice(0, 32)}" is not a duration like 30s, 1m, 12h or 1h30m`,
    );
  }
  let total = 0;
  for (const part of parts) {
    const [, amount, unit] = /^(\d+)(ms|s|m|h|d)$/.exec(part) ?? [];
    total += Number(amount) * (UNIT_MS[unit ?? ''] ?? Number.NaN);
  }
  if (!Number.isSafeInteger(total) || total <= 0) {
    throw new InvalidArgumentError(field, `"${text}" must be a positive duration`);
  }
  return total;
}
