import { InvalidArgumentError } from '@tickler/core/domain';
import { type Dispatcher } from 'undici';
import {
  type OutboundTargetRule,
  type SourceReadResult,
} from '../../application/ports/calendar-source-reader.port';
import { describeBytes, textOf } from './file-source-reader';

/** The limits of one download. */
export interface HttpsReadLimits {
  readonly maxBytes: number;
  /** The whole download: every redirect, the headers and the body. */
  readonly timeoutMs: number;
  readonly maxRedirects: number;
}

/** Connection errors a person can act on, by their code. */
const REASONS: Readonly<Record<string, string>> = {
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved (try again later)',
  ECONNREFUSED: 'the server refused the connection',
  ECONNRESET: 'the server closed the connection',
  EHOSTUNREACH: 'the server cannot be reached',
  ENETUNREACH: 'the server cannot be reached',
  ERR_TICKLER_REFUSED_TARGET:
    'the server is not at a public address (TICKLER_ALLOW_PRIVATE_TARGETS=true lifts this rule)',
  UND_ERR_CONNECT_TIMEOUT: 'the server did not answer in time',
  UND_ERR_HEADERS_TIMEOUT: 'the server did not answer in time',
  UND_ERR_BODY_TIMEOUT: 'the server stopped sending',
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's certificate is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate is not trusted",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is for another name",
};

let undici: Promise<typeof import('undici')> | undefined;

/** Loaded on the first download, not at start-up (requiring undici costs ~0.1 s of CPU). */
function loadUndici(): Promise<typeof import('undici')> {
  undici ??= import('undici');
  return undici;
}

/**
 * Downloads a calendar over https under the outbound address rule (the notifications
 * context's: a guarded `lookup`, IP literals checked before connecting), following at most
 * `maxRedirects` redirects — each target https and checked by the rule again — within one time
 * limit, and reading at most `maxBytes` of the body (a larger `content-length` is refused before
 * the body is read).
 */
export class HttpsSourceReader {
  private dispatcher: Dispatcher | undefined;

  constructor(
    private readonly rule: OutboundTargetRule,
    private readonly limits: HttpsReadLimits,
    /** Extra trusted certificate authorities (PEM): tests' self-signed servers. */
    private readonly ca?: string,
  ) {}

  async read(location: string): Promise<SourceReadResult> {
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    let url = new URL(location);
    try {
      for (let redirects = 0; ; redirects++) {
        this.rule.checkLiteralHost(url);
        const { request } = await loadUndici();
        const response = await request(url, {
          method: 'GET',
          headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'tickler-calendar/1' },
          signal,
          dispatcher: await this.dispatcherOf(),
        });
        const location = response.headers['location'];
        if (
          response.statusCode >= 300 &&
          response.statusCode < 400 &&
          typeof location === 'string'
        ) {
          await response.body.dump();
          if (redirects >= this.limits.maxRedirects) {
            return { ok: false, error: `more than ${this.limits.maxRedirects} redirects` };
          }
          url = await this.redirectTarget(url, location);
          continue;
        }
        if (response.statusCode !== 200) {
          await response.body.dump();
          return { ok: false, error: `the server answered ${response.statusCode}` };
        }
        return await this.body(response);
      }
    } catch (error) {
      if (error instanceof InvalidArgumentError) {
        return { ok: false, error: `a redirect was refused: ${error.message}` };
      }
      if (signal.aborted) {
        return {
          ok: false,
          error: `the download took longer than ${Math.round(this.limits.timeoutMs / 1000)} s`,
        };
      }
      return { ok: false, error: reasonOf(error) };
    }
  }

  private async redirectTarget(from: URL, location: string): Promise<URL> {
    let next: URL;
    try {
      next = new URL(location, from);
    } catch {
      throw new InvalidArgumentError('location', 'is not a valid URL');
    }
    if (next.protocol !== 'https:') {
      throw new InvalidArgumentError('location', `only https is followed (got ${next.protocol})`);
    }
    await this.rule.checkRegistration(next, 'location');
    return next;
  }

  private async body(response: Dispatcher.ResponseData): Promise<SourceReadResult> {
    const declared = Number(response.headers['content-length'] ?? NaN);
    const tooLarge = {
      ok: false,
      error: `the calendar is larger than ${describeBytes(this.limits.maxBytes)}`,
    } as const;
    if (declared > this.limits.maxBytes) {
      response.body.destroy();
      return tooLarge;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > this.limits.maxBytes) {
        response.body.destroy();
        return tooLarge;
      }
      chunks.push(chunk as Buffer);
    }
    return textOf(Buffer.concat(chunks));
  }

  /** One agent whose connections resolve names through the address rule. */
  private async dispatcherOf(): Promise<Dispatcher> {
    if (!this.dispatcher) {
      const { Agent } = await loadUndici();
      const lookup = this.rule.lookup;
      this.dispatcher = new Agent({
        connect: { ...(lookup ? { lookup } : {}), ...(this.ca ? { ca: this.ca } : {}) },
        headersTimeout: this.limits.timeoutMs,
        bodyTimeout: this.limits.timeoutMs,
      });
    }
    return this.dispatcher;
  }
}

function reasonOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const code = (current as { code?: string }).code;
    if (code !== undefined && REASONS[code] !== undefined) {
      return REASONS[code];
    }
    current = (current as { cause?: unknown }).cause;
  }
  const code = (error as { code?: string }).code;
  return `the download failed${code ? ` (${code})` : ''}`;
}
