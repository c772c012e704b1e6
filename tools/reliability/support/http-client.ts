/** A response: status, parsed JSON body (or text), and the raw text. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Options of one request. */
export interface RequestOptions {
  /** Bearer token; `null` sends none, undefined uses the client's. */
  token?: string | null;
  /** JSON body (serialised). */
  body?: unknown;
  /** A raw body sent as is, with `contentType` (default application/json). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * A real HTTP client (Node's fetch = undici, keep-alive by default) against a running daemon;
 * the same contract as the daemon's e2e client, plus raw bodies and content types.
 */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  as(token: string | undefined): Api {
    return new Api(this.baseUrl, token);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === null ? undefined : (options.token ?? this.token);
    if (token !== undefined) {
      headers.authorization = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { ...options, ...(body === undefined ? {} : { body }) });
  }
}

/**
 * Polls `probe` until it returns a value (not undefined) or `deadlineMs` passes. For waiting on
 * a real process: asserts on content, never on timing.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  deadlineMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > until) {
      throw new Error(`condition not met within ${deadlineMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
