import { CORE_TOKENS, type Logger } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type ChannelSendOutcome } from '../ports/delivery-channel.port';
import { ChannelSendSettler } from './channel-send-settler';
import { type ClaimedSend } from './claimed-send';
import { SendLoopKick } from './send-loop-kick';

/** How much the pool can take now. */
export interface PoolRoom {
  /** Sends it can start now, all endpoints together. */
  readonly free: number;
  /** Endpoints with no room left (the claim leaves their sends where they are). */
  readonly busy: readonly string[];
  /** Sends it can start now to `endpoint`. */
  freeFor(endpoint: string): number;
  /** Slots freed so far when this was read (see {@link ChannelSendPool.leftBehind}). */
  readonly freedSoFar: number;
}

/**
 * The bounded sender pool of the external channels. The send loop claims only what it can
 * start at once (per endpoint, and in all), hands it here and returns: a queue handler never
 * waits for the network, so one slow endpoint holds up neither the queue nor another endpoint.
 * Each send runs with its channel's timeout and settles in its own transaction. `drain` (stop)
 * waits for the sends in flight up to a deadline, then aborts them and stops settling: what is
 * still `sending` is released by the claim recovery and taken over by its guarantee.
 */
@injectable()
export class ChannelSendPool {
  private readonly perEndpoint = new Map<string, number>();
  private total = 0;
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private abandoned = false;
  /** The last claim left due sends behind for want of room: the next free slot wakes the loop. */
  private backlog = false;
  /** Slots freed since start: tells a claim whether one freed while it ran. */
  private freed = 0;

  constructor(
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
    @inject(ChannelSendSettler) private readonly settler: ChannelSendSettler,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(SendLoopKick) private readonly kick: SendLoopKick,
  ) {}

  /** What the pool can take now. */
  room(): PoolRoom {
    const perEndpoint = this.options.endpointConcurrency;
    const busy = [...this.perEndpoint].filter(([, n]) => n >= perEndpoint).map(([e]) => e);
    return {
      free: this.stopping.signal.aborted
        ? 0
        : Math.max(0, this.options.sendConcurrency - this.total),
      busy,
      freeFor: (endpoint) => perEndpoint - (this.perEndpoint.get(endpoint) ?? 0),
      freedSoFar: this.freed,
    };
  }

  /**
   * Notes that due sends were left unclaimed for want of `room` (read when the claim began). A
   * slot that freed since then may have finished before this note and asked for nothing: then
   * the loop is kicked at once, or those sends would wait for the next wake-up from elsewhere.
   */
  leftBehind(room: PoolRoom): void {
    this.backlog = true;
    if (this.freed !== room.freedSoFar) {
      this.kick.kick();
    }
  }

  /** Starts every claimed send (the claim made room for each) and returns at once. */
  start(claims: readonly ClaimedSend[]): void {
    for (const claim of claims) {
      const endpoint = claim.send.snapshot().endpoint;
      this.perEndpoint.set(endpoint, (this.perEndpoint.get(endpoint) ?? 0) + 1);
      this.total++;
      let askedForMore = false;
      const run = this.run(claim)
        .then((more) => {
          askedForMore = more;
        })
        .finally(() => {
          this.running.delete(run);
          const left = (this.perEndpoint.get(endpoint) ?? 1) - 1;
          if (left === 0) {
            this.perEndpoint.delete(endpoint);
          } else {
            this.perEndpoint.set(endpoint, left);
          }
          this.total--;
          this.freed++;
          // Only now is the slot free: a kick from the settle's own commit may have found it
          // still taken, and a claim may have left sends behind since the settle looked.
          if ((askedForMore || this.backlog) && this.kick.kick()) {
            this.backlog = false;
          }
        });
      this.running.add(run);
    }
  }

  /** Sends in flight now. */
  get inFlight(): number {
    return this.running.size;
  }

  /** Resolves once no send is in flight (tests wait for this instead of sleeping). */
  async idle(): Promise<void> {
    while (this.running.size > 0) {
      await Promise.all([...this.running]);
    }
  }

  /**
   * Stop: no new sends; waits up to `deadlineMs` (real time) for those in flight, then aborts
   * them and settles nothing more (their claims are released by the caller).
   */
  async drain(deadlineMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, deadlineMs);
    });
    this.backlog = false;
    await Promise.race([this.idle(), deadline]);
    clearTimeout(timer);
    if (this.running.size > 0) {
      this.abandoned = true;
      this.logger.warn({ inFlight: this.running.size }, 'stopped with channel sends in flight');
    }
    this.stopping.abort();
  }

  /** One send and its settle; true when it asked the loop to look again (sends left behind). */
  private async run(claim: ClaimedSend): Promise<boolean> {
    const { send, channel } = claim;
    const s = send.snapshot();
    let outcome: ChannelSendOutcome;
    try {
      await channel.prepare?.();
      outcome = await channel.send(
        {
          sendId: s.id,
          deliveryId: s.deliveryId,
          recipientId: s.recipientId,
          subscriptionId: claim.subscription.id,
          attempt: s.attempts,
          target: claim.subscription.target,
          message: claim.message,
          now: s.updatedAt,
        },
        AbortSignal.any([this.stopping.signal, AbortSignal.timeout(channel.timeoutMs)]),
      );
    } catch (error) {
      // An adapter must not throw; if one does, the attempt is an unknown outcome.
      outcome = {
        ok: false,
        errorClass: 'unreachable',
        retryable: true,
        maybeDelivered: true,
        detail: `adapter threw: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if (this.abandoned) {
      return false;
    }
    const wakeNow = this.backlog;
    this.backlog = false;
    try {
      await this.settler.settle(claim, outcome, wakeNow);
    } catch (error) {
      // The claim stays `sending` until its lease ends; the loop then takes it over.
      this.logger.error({ err: error, sendId: s.id }, 'cannot settle a channel send');
    }
    return wakeNow;
  }
}
