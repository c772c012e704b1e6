import { CliError } from '../cli.error';
import { type Connection, describeConnection } from './connection';
import { type HttpAnswer, httpRequest } from './http-request';

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: { path: string; message: string }[] };
}

/** One line describing a daemon error answer. */
export function describeFailure(status: number, body: unknown): string {
  const error = (body as ErrorBody | undefined)?.error;
  if (error?.fields && error.fields.length > 0) {
    return `invalid input: ${error.fields.map((f) => `${f.path || '(body)'}: ${f.message}`).join('; ')}`;
  }
  const code = error?.code ? ` ${error.code}` : '';
  const message = error?.message ?? (typeof body === 'string' ? body : 'no details');
  return `daemon answered ${status}${code}: ${message}`;
}

/** JSON over HTTP to the daemon, with every failure turned into a one-line {@link CliError}. */
export class DaemonClient {
  constructor(private readonly connection: Connection) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let answer: HttpAnswer;
    try {
      answer = await httpRequest(`${this.connection.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.connection.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new CliError(
        `cannot reach the daemon at ${this.connection.url} (${cause}; from ${this.connection.foundVia}); is it running? (npm start)`,
      );
    }
    const { status, text } = answer;
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: keep the text for the error message.
    }
    if (status < 200 || status > 299) {
      const failure = describeFailure(status, parsed);
      // A refused token is a connection problem too: say which daemon refused it.
      throw new CliError(
        status === 401 ? `${failure} (daemon ${describeConnection(this.connection)})` : failure,
      );
    }
    return parsed as T;
  }
}
