import { type DomainEvent, type Transaction } from '@tickler/core';
import { type Kysely } from 'kysely';
import { type TransactionRunner } from '../application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../application/ports/wake-up.port';
import {
  type WebhookDelivery,
  type WebhookOutcome,
  type WebhookSender,
} from '../application/ports/webhook-sender.port';

// Small fakes of the context's ports for handler unit tests; the in-memory repositories are
// beside this file (in-memory-*.repository.ts).

/** Runs work "in a transaction" without a database; keeps committed events and after-commit order. */
export class FakeUnitOfWork implements TransactionRunner {
  readonly published: DomainEvent[] = [];
  private open: (Transaction & { events: DomainEvent[] }) | undefined;

  active(): Transaction | undefined {
    return this.open;
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    if (this.open) {
      return work(this.open);
    }
    const events: DomainEvent[] = [];
    const callbacks: (() => void)[] = [];
    const tx = {
      db: null as unknown as Kysely<unknown>,
      events,
      recordEvents: (e: readonly DomainEvent[]) => events.push(...e),
      afterCommit: (c: () => void) => callbacks.push(c),
    };
    this.open = tx;
    try {
      const result = await work(tx);
      this.published.push(...events);
      callbacks.forEach((c) => c());
      return result;
    } finally {
      this.open = undefined;
    }
  }
}

/** Records wake-up instants; `earliest` is what the single keep-earlier row would hold. */
export class RecordingWakeUp implements DeliveryWakeUp {
  readonly calls: string[] = [];

  get earliest(): string | undefined {
    return [...this.calls].sort()[0];
  }

  wakeAt(_tx: Transaction, at: string): Promise<void> {
    this.calls.push(at);
    return Promise.resolve();
  }
}

/** Answers webhook requests from a script (default: 200) and records them. */
export class ScriptedWebhookSender implements WebhookSender {
  readonly sent: WebhookDelivery[] = [];
  outcome: (delivery: WebhookDelivery, index: number) => WebhookOutcome = () => ({
    ok: true,
    status: 200,
  });

  send(delivery: WebhookDelivery): Promise<WebhookOutcome> {
    const index = this.sent.push(delivery) - 1;
    return Promise.resolve(this.outcome(delivery, index));
  }
}

/** Sequential ids `id-1`, `id-2`, … */
export class SequentialIds {
  private n = 0;
  next(): string {
    this.n += 1;
    return `id-${String(this.n).padStart(6, '0')}`;
  }
}
