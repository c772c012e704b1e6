import { type DomainEvent } from '../domain';
import { type Transaction } from '../database/unit-of-work';

/**
 * An in-transaction policy: "when this happens, that happens too, atomically". It runs inside
 * every unit of work just before commit, with the events recorded so far, BEFORE durable
 * subscribers are fed — so the rows it writes commit (or roll back) with the change that
 * caused them, and the events it records reach subscribers like any other. A throw rolls the
 * whole transaction back. It must return at once when no event concerns it (it runs on every
 * commit), and it is not re-run for the events it records itself.
 */
export interface TransactionPolicy {
  beforeCommit(tx: Transaction, events: readonly DomainEvent[]): Promise<void>;
}

/** A policy class, resolved from the application's container. */
export type TransactionPolicyClass = new (...args: never[]) => TransactionPolicy;
