import { InvalidArgumentError } from './domain-error';

/** Milliseconds per unit, largest first: the order units must be written in. */
const UNIT_MS = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
type Unit = keyof typeof UNIT_MS;
const UNITS = Object.keys(UNIT_MS) as Unit[];

/** Longest text looked at: `1w 6d 23h 59m 59s 999ms` is 23 characters. */
const MAX_TEXT = 64;
const AMOUNT = String.raw`\d+(?:\.\d+)?`;
const COMPACT = new RegExp(String.raw`^(?:${AMOUNT}(?:ms|w|d|h|m|s)\s*)+$`);
const COMPACT_PART = new RegExp(String.raw`(${AMOUNT})(ms|w|d|h|m|s)`, 'g');
/** ISO 8601 durations of fixed length: weeks, days, hours, minutes, seconds (`,` or `.` decimals). */
const ISO =
  /^P(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;
const ISO_CALENDAR = /^P(?:[\d.,]+[YW])*[\d.,]*[YM]/;

/** The shapes named in every error, so a person sees what to type instead. */
export const DURATION_EXAMPLES = '90s, 10m, 1h30m, 1h 30m, 1.5h, 2d, 1w or ISO 8601 PT1H30M';

/** `amount` (decimal text) × `unitMs`, exactly, or NaN when it is not a whole millisecond. */
function exactMs(amount: string, unitMs: number): number {
  const [whole = '0', fraction = ''] = amount.replace(',', '.').split('.');
  const scale = 10n ** BigInt(fraction.length);
  const product = BigInt(whole + fraction) * BigInt(unitMs);
  return product % scale === 0n ? Number(product / scale) : Number.NaN;
}

function compactMs(text: string, field: string): number {
  let total = 0;
  let previous = -1;
  for (const [, amount = '', unit] of text.matchAll(COMPACT_PART)) {
    const order = UNITS.indexOf(unit as Unit);
    if (order <= previous) {
      throw new InvalidArgumentError(
        field,
        `"${text}": write each unit once, largest first (e.g. 1h30m)`,
      );
    }
    previous = order;
    total += exactMs(amount, UNIT_MS[unit as Unit]);
  }
  return total;
}

/** Milliseconds of ISO 8601 text (NaN: not a whole millisecond), or undefined when it is not ISO 8601. */
function isoMs(text: string): number | undefined {
  const m = ISO.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) {
    return undefined;
  }
  const [, w, d, h, mi, s] = m;
  const parts: [string | undefined, number][] = [
    [w, UNIT_MS.w],
    [d, UNIT_MS.d],
    [h, UNIT_MS.h],
    [mi, UNIT_MS.m],
    [s, UNIT_MS.s],
  ];
  return parts.reduce((sum, [amount, unitMs]) => sum + (amount ? exactMs(amount, unitMs) : 0), 0);
}

/**
 * Milliseconds of a duration that carries its unit: `90s`, `10m`, `1h30m`, `1h 30m`, `1.5h`,
 * `2d`, `1w`, `500ms`, or ISO 8601 `PT1H30M`, `P1D`, `P1W`. Units are `w d h m s ms`, each at
 * most once and largest first; `m` is minutes. A day is 24 hours here — a duration is elapsed
 * time; calendar steps ("every day at 09:00") are recurrence rules. ISO months and years have
 * no fixed length and are refused.
 *
 * Text without a unit (`5`) is an {@link InvalidArgumentError} naming `field`: it used to mean
 * milliseconds, which nobody who typed `TICKLER_GRACE=12` meant. A JavaScript number is taken
 * as milliseconds — only typed in-process options whose name says so (`graceMs: 300_000`)
 * pass numbers; text from people, files, the environment and JSON bodies is always a string.
 * Zero, negative, sub-millisecond and unsafe totals are refused.
 */
export function parseDuration(value: string | number, field = 'duration'): number {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new InvalidArgumentError(field, 'must be a positive whole number of milliseconds');
    }
    return value;
  }
  if (typeof value !== 'string') {
    // Untyped input (JSON, env) reaches here too; fail with the field's name, not a TypeError.
    throw new InvalidArgumentError(field, `must be a duration with a unit: ${DURATION_EXAMPLES}`);
  }
  const text = value.trim();
  if (text.length > MAX_TEXT) {
    throw new InvalidArgumentError(field, `is longer than ${MAX_TEXT} characters`);
  }
  const shown = `"${text}"`;
  if (/^\d+(?:\.\d+)?$/.test(text)) {
    throw new InvalidArgumentError(
      field,
      `${shown} has no unit; write e.g. ${text}s, ${text}m or ${text}h (${DURATION_EXAMPLES})`,
    );
  }
  const iso = text.toUpperCase();
  if (ISO_CALENDAR.test(iso)) {
    throw new InvalidArgumentError(
      field,
      `${shown}: months and years have no fixed length; use days (P30D) or weeks (P4W)`,
    );
  }
  const total = COMPACT.test(text) ? compactMs(text, field) : isoMs(iso);
  if (total === undefined) {
    throw new InvalidArgumentError(field, `${shown} is not a duration like ${DURATION_EXAMPLES}`);
  }
  if (Number.isNaN(total)) {
    throw new InvalidArgumentError(field, `${shown} is not a whole number of milliseconds`);
  }
  if (total <= 0) {
    throw new InvalidArgumentError(field, `${shown} must be longer than zero`);
  }
  if (!Number.isSafeInteger(total)) {
    throw new InvalidArgumentError(field, `${shown} is too long`);
  }
  return total;
}
