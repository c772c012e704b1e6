/** A response with its parsed JSON body (or text). */
/** The daemon's error envelope, as the e2e specs read it. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: { path: string; message: string }[] };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Options of one request. */
export interface RequestOptions {
  token?: string;
  /** JSON body (serialised) — or a raw string with `contentType`. */
  body?: unknown;
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** A real HTTP client (Node's fetch, i.e. undici) against a running daemon. */
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
    const token = 'token' in options ? options.token : this.token;
    if (token !== undefined) {
      headers.authorization = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
      parsed = JSON.parse(text);
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
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

  patch<T = unknown>(
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, { ...options, ...(body === undefined ? {} : { body }) });
  }

  put<T = unknown>(
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, { ...options, ...(body === undefined ? {} : { body }) });
  }

  delete<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path, options);
  }
}

/** Polls until a probe returns a value (shared with the other suites that run real processes). */
export { eventually } from '@tickler/core/testing';
