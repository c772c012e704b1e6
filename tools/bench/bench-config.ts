/** Sizes, repetitions and caps of one run. All durations in ms. */
export interface BenchConfig {
  mode: 'quick' | 'full';
  reps: number;
  enqueueN: number;
  /** Items per bulk call (the same for every system). */
  bulkChunk: number;
  /**
   * Items per bulk call when seeding (drain, restart, scale): not measured, so larger calls
   * (fewer round trips to PostgreSQL and Redis) keep the 1M-row seeds short.
   */
  seedChunk: number;
  /** A measurement still running after this is stopped and reported as a rate over the time it ran. */
  enqueueCapMs: number;
  drainN: number;
  drainCapMs: number;
  /**
   * Least time after the seeding process opens the system before its N due items fall due.
   * For a system that sends an already-due item at once, inline (Tickler), the runner stretches
   * it to twice its measured bulk time, so the seed finishes first; the others need no more.
   */
  drainSeedLeadMs: number;
  latenessN: number;
  latenessSpreadMs: number;
  latenessLeadMs: number;
  latenessGraceMs: number;
  idleWindowMs: number;
  idleWarmupMs: number;
  scaleSmall: number;
  scaleLarge: number;
  dueCheckSamples: number;
}

export function benchConfig(quick: boolean, reps?: number): BenchConfig {
  if (quick) {
    return {
      mode: 'quick',
      reps: reps ?? 1,
      enqueueN: 3_000,
      bulkChunk: 1_000,
      seedChunk: 5_000,
      enqueueCapMs: 2_000,
      drainN: 3_000,
      drainCapMs: 5_000,
      drainSeedLeadMs: 1_000,
      latenessN: 200,
      latenessSpreadMs: 1_500,
      latenessLeadMs: 500,
      latenessGraceMs: 2_000,
      idleWindowMs: 8_000,
      idleWarmupMs: 1_000,
      scaleSmall: 1_000,
      scaleLarge: 10_000,
      dueCheckSamples: 100,
    };
  }
  return {
    mode: 'full',
    reps: reps ?? 3,
    enqueueN: 100_000,
    bulkChunk: 1_000,
    seedChunk: 5_000,
    enqueueCapMs: 8_000,
    drainN: 100_000,
    drainCapMs: 8_000,
    drainSeedLeadMs: 1_000,
    latenessN: 1_000,
    latenessSpreadMs: 10_000,
    latenessLeadMs: 2_000,
    latenessGraceMs: 3_000,
    idleWindowMs: 60_000,
    idleWarmupMs: 3_000,
    scaleSmall: 1_000,
    scaleLarge: 1_000_000,
    dueCheckSamples: 300,
  };
}
