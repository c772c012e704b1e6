import { inject, injectable } from 'inversify';
import { type Dispatcher } from 'undici';
import { type ChannelSendOutcome } from '../../application/ports/delivery-channel.port';
import { outcomeOfError, outcomeOfStatus } from './http-outcome';
import { TargetGuard } from './target-guard';

/**
 * undici is loaded on the first outgoing request, not at start-up: requiring it costs ~0.1 s of
 * CPU, which every start paid (a restart with due inbox rows only, the CLI) whether or not a
 * webhook or an ntfy message ever went out.
 */
let undici: Promise<typeof import('undici')> | undefined;

function loadUndici(): Promise<typeof import('undici')> {
  undici ??= import('undici');
  return undici;
}

/** One POST as an HTTP channel (webhook, ntfy) makes it. */
export interface GuardedPost {
  readonly url: URL;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Aborted after the channel's timeout, or at stop. */
  readonly signal: AbortSignal;
}

/**
 * The POST of the HTTP channels under the outgoing-address rule: IP literals checked before
 * connecting, names resolved through the guarded `lookup` at connect time, redirects not
 * followed, the answer's body drained and dropped, the outcome classified (2xx = sent).
 */
@injectable()
export class GuardedHttpPost {
  private dispatcher: Dispatcher | undefined;

  constructor(@inject(TargetGuard) private readonly guard: TargetGuard) {}

  /** Loads undici and makes the guarded agent (first request only). */
  async prepare(): Promise<void> {
    await this.dispatcherOf();
  }

  /** Sends once; never throws for a delivery failure. */
  async post(request: GuardedPost): Promise<ChannelSendOutcome> {
    const { url, body, headers, signal } = request;
    try {
      this.guard.checkLiteralHost(url);
      const { request: post } = await loadUndici();
      const response = await post(url, {
        method: 'POST',
        body,
        headers,
        signal,
        dispatcher: await this.dispatcherOf(),
      });
      // Drain the body so the connection returns to the pool; its content is not used.
      await response.body.dump();
      return outcomeOfStatus(response.statusCode, url.host);
    } catch (error) {
      const timedOut =
        signal.aborted &&
        (signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
      return outcomeOfError(error, timedOut);
    }
  }

  /** One undici agent whose connections resolve names through the address rule. */
  private async dispatcherOf(): Promise<Dispatcher> {
    if (!this.dispatcher) {
      const { Agent } = await loadUndici();
      const lookup = this.guard.lookup;
      this.dispatcher = new Agent(lookup ? { connect: { lookup } } : {});
    }
    return this.dispatcher;
  }
}
