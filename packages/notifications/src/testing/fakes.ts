import { type DomainEvent, type Transaction } from '@tickler/core';
import { type Kysely } from 'kysely';
import { type ChannelSendRepository } from '../channels/application/ports/channel-send.repository';
import {
  type DueInstants,
  type NextDueInstants,
} from '../delivery/application/ports/due-instants.port';
import { type NotificationDeliveryRepository } from '../delivery/application/ports/notification-delivery.repository';
import { type Scope } from '../shared/application/ports/scope';
import { type TransactionRunner } from '../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../shared/application/ports/wake-up.port';
import {
  type ChannelSendOutcome,
  type ChannelSendRequest,
  type ExternalChannel,
  type PreparedTarget,
  type SubscriptionInput,
  type SubscriptionTarget,
} from '../channels/application/ports/delivery-channel.port';

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

/**
 * An external channel for handler and contract tests: answers each send from a script
 * (default: accepted) and records the requests. Its endpoint is the target's `endpoint` field.
 */
export class ScriptedChannel implements ExternalChannel {
  readonly requests: ChannelSendRequest[] = [];
  retry = { maxAttempts: 3, baseMs: 1000, maxMs: 60_000 };
  defaultGuarantee: ExternalChannel['defaultGuarantee'] = 'at-least-once';
  timeoutMs = 1000;
  outcome: (
    request: ChannelSendRequest,
    index: number,
  ) => ChannelSendOutcome | Promise<ChannelSendOutcome> = () => ({ ok: true });

  constructor(readonly kind = 'webhook') {}

  endpointOf(target: SubscriptionTarget): string {
    return typeof target.endpoint === 'string' ? target.endpoint : 'https://endpoint.example';
  }

  prepareTarget(input: SubscriptionInput): Promise<PreparedTarget> {
    return Promise.resolve({
      targetKey: this.kind,
      target: { endpoint: typeof input.url === 'string' ? input.url : 'https://endpoint.example' },
      secret: 'whsec_test',
    });
  }

  publicTarget(target: SubscriptionTarget): Record<string, unknown> {
    return { url: target.endpoint };
  }

  send(request: ChannelSendRequest): Promise<ChannelSendOutcome> {
    const index = this.requests.push(request) - 1;
    return Promise.resolve(this.outcome(request, index));
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

/** Both next instants, read from in-memory repositories (what `KyselyDueInstants` reads in SQL). */
export class InMemoryDueInstants implements DueInstants {
  constructor(
    private readonly deliveries: Pick<NotificationDeliveryRepository, 'nextDueAt'>,
    private readonly sends: Pick<ChannelSendRepository, 'nextDueAt'>,
  ) {}

  async next(scope: Scope): Promise<NextDueInstants> {
    return {
      delivery: await this.deliveries.nextDueAt(scope),
      send: await this.sends.nextDueAt(scope),
    };
  }
}
