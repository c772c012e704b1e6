/** A response: status, headers, the parsed JSON body (or the text when it is not JSON) and the raw text. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** The daemon's error envelope, as tests read it. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: { path: string; message: string }[] };
}

/** Options of one request. */
export interface RequestOptions {
  /**
   * Bearer token. Absent: the client's. Present but `null` or `undefined`: no token at all (a
   * test of the unauthenticated answer).
   */
  token?: string | null | undefined;
  /** JSON body (serialised). */
  body?: unknown;
  /** A raw body sent as is, with `contentType`. */
  raw?: string;
  /** Content type of `raw` or `body` (default application/json). */
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * A real HTTP client (Node's fetch = undici, keep-alive by default) against a running daemon:
 * no mock between a test and the server.
 */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  /** The same server with another bearer token (or none). */
  as(token: string | undefined): Api {
    return new Api(this.baseUrl, token);
  }

  /** One request; the body is parsed as JSON when the response says it is JSON. */
  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = 'token' in options ? (options.token ?? undefined) : this.token;
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

  /** GET `path`. */
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, options);
  }

  /** POST `body` (JSON) to `path`. */
  post<T = unknown>(
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { ...options, ...(body === undefined ? {} : { body }) });
  }

  /** PATCH `body` (JSON) to `path`. */
  patch<T = unknown>(
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, { ...options, ...(body === undefined ? {} : { body }) });
  }

  /** PUT `body` to `path`. */
  put<T = unknown>(
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, { ...options, ...(body === undefined ? {} : { body }) });
  }

  /** DELETE `path`. */
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path, options);
  }
}
