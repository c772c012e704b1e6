import http from 'node:http';
import { type AddressInfo } from 'node:net';

/** The fields of ntfy's JSON publish body (docs.ntfy.sh/publish/#publish-as-json). */
const PUBLISH_FIELDS = [
  'topic',
  'message',
  'title',
  'tags',
  'priority',
  'actions',
  'click',
  'attach',
  'markdown',
  'icon',
  'filename',
  'delay',
  'email',
  'call',
];

/** A publish request the stand-in got, with what it found wrong in its shape (none: valid). */
export interface NtfyPublishReceived {
  readonly headers: http.IncomingHttpHeaders;
  readonly path: string;
  /** The parsed JSON body (undefined when it is not JSON). */
  readonly body: Record<string, unknown> | undefined;
  readonly problems: string[];
}

/** A real HTTP server on 127.0.0.1 standing in for an ntfy server's publish API. */
export interface NtfyStandIn {
  /** `http://127.0.0.1:<port>`: the subscription's `server`. */
  readonly url: string;
  readonly received: NtfyPublishReceived[];
  /** Token the server requires (`Authorization: Bearer`); undefined: a public topic. */
  token: string | undefined;
  /** The status of each valid request (default 200); may delay by returning a promise. */
  respond: (request: NtfyPublishReceived) => number | Promise<number>;
  close(): Promise<void>;
}

/** The fields of an action button (docs.ntfy.sh/publish/#action-buttons). */
const ACTION_FIELDS = [
  'action',
  'label',
  'url',
  'method',
  'headers',
  'body',
  'clear',
  'intent',
  'extras',
];

function actionProblems(actions: unknown): string[] {
  if (!Array.isArray(actions) || actions.length > 3) {
    return ['actions must be an array of at most 3 buttons'];
  }
  return actions.flatMap((a: unknown, i) => {
    if (typeof a !== 'object' || a === null) {
      return [`actions[${i}] must be an object`];
    }
    const b = a as Record<string, unknown>;
    const problems = Object.keys(b)
      .filter((k) => !ACTION_FIELDS.includes(k))
      .map((k) => `actions[${i}] has unknown field ${k}`);
    if (!['view', 'broadcast', 'http'].includes(b.action as string)) {
      problems.push(`actions[${i}].action must be view, broadcast or http`);
    }
    if (typeof b.label !== 'string' || b.label === '') {
      problems.push(`actions[${i}].label must be a non-empty string`);
    }
    if (b.action !== 'broadcast' && !(typeof b.url === 'string' && /^https?:\/\//.test(b.url))) {
      problems.push(`actions[${i}].url must be an http(s) URL`);
    }
    if (b.method !== undefined && !['GET', 'POST', 'PUT', 'DELETE'].includes(b.method as string)) {
      problems.push(`actions[${i}].method must be an HTTP method`);
    }
    if (b.clear !== undefined && typeof b.clear !== 'boolean') {
      problems.push(`actions[${i}].clear must be a boolean`);
    }
    return problems;
  });
}

function problemsOf(req: http.IncomingMessage, body: unknown, token: string | undefined): string[] {
  const problems: string[] = [];
  if (req.method !== 'POST' || req.url !== '/') {
    problems.push(`JSON is published with POST / (got ${req.method} ${req.url})`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [...problems, 'the body is not a JSON object'];
  }
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b).filter((k) => !PUBLISH_FIELDS.includes(k))) {
    problems.push(`unknown field ${key}`);
  }
  if (typeof b.topic !== 'string' || !/^[-_A-Za-z0-9]{1,64}$/.test(b.topic)) {
    problems.push('topic must be 1-64 of A-Za-z0-9_-');
  }
  for (const key of ['message', 'title', 'click'] as const) {
    if (b[key] !== undefined && typeof b[key] !== 'string') {
      problems.push(`${key} must be a string`);
    }
  }
  if (typeof b.message === 'string' && Buffer.byteLength(b.message, 'utf8') > 4096) {
    problems.push('message over 4096 bytes would become an attachment');
  }
  const p = b.priority;
  if (p !== undefined && !(Number.isInteger(p) && (p as number) >= 1 && (p as number) <= 5)) {
    problems.push('priority must be an integer 1-5');
  }
  if (
    b.tags !== undefined &&
    !(Array.isArray(b.tags) && b.tags.every((t) => typeof t === 'string'))
  ) {
    problems.push('tags must be an array of strings');
  }
  if (typeof b.click === 'string' && !/^https?:\/\//.test(b.click)) {
    problems.push('click must be an http(s) URL');
  }
  if (b.actions !== undefined) {
    problems.push(...actionProblems(b.actions));
  }
  const auth = req.headers.authorization;
  if (token !== undefined && auth !== `Bearer ${token}`) {
    problems.push('unauthorized');
  }
  return problems;
}

/**
 * Presses a published `http` action button as ntfy's phone app does: the action's method (POST
 * by default) to its URL, its headers and body. Answers the status and the parsed JSON answer.
 */
export async function pressNtfyAction(
  publish: NtfyPublishReceived,
  label: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const actions = (publish.body?.actions ?? []) as Array<Record<string, unknown>>;
  const action = actions.find((a) => a.label === label);
  if (action?.action !== 'http' || typeof action.url !== 'string') {
    throw new Error(`no http action labelled ${label} in ${JSON.stringify(actions)}`);
  }
  const response = await fetch(action.url, {
    method: typeof action.method === 'string' ? action.method : 'POST',
    headers: (action.headers ?? {}) as Record<string, string>,
    ...(typeof action.body === 'string' ? { body: action.body } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A stand-in ntfy server on 127.0.0.1 (ephemeral port) that checks each request against the
 * shape of ntfy's documented JSON publish API and answers as ntfy does: 200 with the message,
 * 401 without the token a protected topic needs, 400 for a malformed request.
 */
export async function startNtfyStandIn(): Promise<NtfyStandIn> {
  const received: NtfyPublishReceived[] = [];
  const standIn: NtfyStandIn = {
    url: '',
    received,
    token: undefined,
    respond: () => 200,
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      const problems = problemsOf(req, body, standIn.token);
      const request = { headers: req.headers, path: req.url ?? '', body, problems };
      received.push(request);
      const status =
        problems.length === 0
          ? standIn.respond(request)
          : problems.includes('unauthorized')
            ? 401
            : 400;
      void Promise.resolve(status).then((code) => {
        res.statusCode = code;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(code === 200 ? { id: 'x', event: 'message', ...body } : {}));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (standIn as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
