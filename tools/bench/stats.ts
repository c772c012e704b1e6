/** Median with the spread of several repetitions of one measurement. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  /** How many repetitions the figures come from. */
  n: number;
}

/** Value at quantile `q` (0..1) of `values`, by linear interpolation between closest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) {
    return Number.NaN;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lower = Math.floor(pos);
  const upper = Math.ceil(pos);
  const lo = sorted[lower] as number;
  const hi = sorted[upper] as number;
  return lo + (hi - lo) * (pos - lower);
}

/** Median, min and max of repetitions; NaN-free input expected (missing runs are left out). */
export function spreadOf(values: readonly number[]): Spread | undefined {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) {
    return undefined;
  }
  return {
    median: quantile(finite, 0.5),
    min: Math.min(...finite),
    max: Math.max(...finite),
    n: finite.length,
  };
}

/** Lateness summary in ms. */
export interface LatenessSummary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  count: number;
}

export function latenessSummary(samples: readonly number[]): LatenessSummary {
  return {
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    p99: quantile(samples, 0.99),
    max: samples.length === 0 ? Number.NaN : Math.max(...samples),
    count: samples.length,
  };
}

/** Compact human figure: 1234567 → "1.23M", 12345 → "12.3k", 12.345 → "12.3". */
export function formatNumber(value: number | undefined, digits = 3): string {
  if (value === undefined || !Number.isFinite(value)) {
    return '–';
  }
  const abs = Math.abs(value);
  if (abs >= 1e6) {
    return `${(value / 1e6).toPrecision(digits)}M`;
  }
  if (abs >= 1e4) {
    return `${(value / 1e3).toPrecision(digits)}k`;
  }
  if (abs >= 100) {
    return value.toFixed(0);
  }
  if (abs === 0) {
    return '0';
  }
  return value.toPrecision(digits);
}

/** "median (min–max)" of a spread, or "–". */
export function formatSpread(spread: Spread | undefined, digits = 3): string {
  if (!spread) {
    return '–';
  }
  if (spread.n === 1 || spread.min === spread.max) {
    return formatNumber(spread.median, digits);
  }
  return `${formatNumber(spread.median, digits)} (${formatNumber(spread.min, digits)}–${formatNumber(spread.max, digits)})`;
}
