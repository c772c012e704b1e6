/** How the dispatcher treats a delivery that has come due. */
export interface DuePolicy {
  /**
   * How late (ms after its send instant) a delivery may still go out. Past it the row is
   * `missed` with reason `too-late`: a 09:00 prompt delivered at 14:00 reads as broken.
   */
  readonly graceMs: number;
  /** Settle due rows as `missed` (reason `dry-run`) instead of sending: shows what would go out. */
  readonly dryRun: boolean;
}
