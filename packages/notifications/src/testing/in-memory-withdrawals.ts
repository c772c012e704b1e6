import { type WithdrawalRepository } from '../delivery/application/ports/withdrawal.repository';

/** Withdrawal marks in a set (unit tests of reconcile). */
export class InMemoryWithdrawals implements WithdrawalRepository {
  readonly ids = new Set<string>();

  mark(_scope: unknown, deliveryIds: readonly string[]): Promise<void> {
    deliveryIds.forEach((id) => this.ids.add(id));
    return Promise.resolve();
  }

  among(_scope: unknown, deliveryIds: readonly string[]): Promise<Set<string>> {
    return Promise.resolve(new Set(deliveryIds.filter((id) => this.ids.has(id))));
  }

  forget(_scope: unknown, deliveryIds: readonly string[]): Promise<void> {
    deliveryIds.forEach((id) => this.ids.delete(id));
    return Promise.resolve();
  }
}
