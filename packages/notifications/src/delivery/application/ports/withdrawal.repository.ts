import { type Scope } from '../../../shared/application/ports/scope';

/**
 * Which canceled rows reconcile withdrew (their key left the producer's plan) rather than a
 * person canceled. A withdrawn key planned again is scheduled again; a person's cancel is not.
 */
export interface WithdrawalRepository {
  /** Marks the rows as withdrawn at `at` (ISO UTC). */
  mark(scope: Scope, deliveryIds: readonly string[], at: string): Promise<void>;
  /** The ones among `deliveryIds` that are marked withdrawn. */
  among(scope: Scope, deliveryIds: readonly string[]): Promise<Set<string>>;
  /** Drops the marks (the row was replaced or pruned). */
  forget(scope: Scope, deliveryIds: readonly string[]): Promise<void>;
}
