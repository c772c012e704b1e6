import { type Scope } from '../../../shared/application/ports/scope';

/** The next instants the context's two loops must look at (ISO UTC), read together. */
export interface NextDueInstants {
  /** Earliest scheduled delivery: when the dispatcher must fire next. */
  readonly delivery: string | undefined;
  /** Earliest live channel send (next attempt, or a lease's expiry): when the send loop must look. */
  readonly send: string | undefined;
}

/** Reads both next instants in ONE statement (the minutely safety net's only read). */
export interface DueInstants {
  next(scope: Scope): Promise<NextDueInstants>;
}
