/**
 * Why a target of issue 5 is missed, written after profiling (keyed by the start of the
 * target's text). Shown in docs/benchmarks.md only when the run misses that target.
 */
export const MISS_REASONS: Record<string, string> = {};
