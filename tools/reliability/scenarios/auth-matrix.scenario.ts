import fs from 'node:fs';
import path from 'node:path';
import { Api, type DaemonProcess, repoRoot } from '@tickler/testing';
import {
  concretePath,
  loadOperations,
  type Operation,
  probeStream,
} from '../support/route-catalog';
import { type ScenarioResult, Violations } from '../support/scenario-result';

type Who = 'no token' | 'unknown token' | "another user's token" | 'admin token';
const WHO: readonly Who[] = ['no token', 'unknown token', "another user's token", 'admin token'];

interface AliceData {
  notificationId: string;
  inboxId: string;
  subscriptionId: string;
  /** Strings only alice's data contains: none may appear in an answer to anyone else. */
  secrets: string[];
}

async function seedAlice(alice: Api, marker: string): Promise<AliceData> {
  const later = await alice.post<{ id: string }>('/v1/users/alice/notifications', {
    title: `${marker}-title`,
    message: `${marker}-message`,
    scheduledAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
  });
  const now = await alice.post<{ id: string; inboxId: string }>('/v1/users/alice/notifications', {
    title: `${marker}-inbox`,
    message: `${marker}-inbox-message`,
  });
  const sub = await alice.post<{ id: string; secret: string; url: string }>(
    '/v1/users/alice/subscriptions',
    { kind: 'webhook', url: `https://hooks.example.com/${marker}` },
  );
  if (later.status !== 201 || now.status !== 201 || sub.status !== 201) {
    throw new Error(`seeding alice failed: ${later.status} ${now.status} ${sub.status}`);
  }
  return {
    notificationId: later.body.id,
    inboxId: now.body.inboxId,
    subscriptionId: sub.body.id,
    secrets: [marker, later.body.id, now.body.id, now.body.inboxId, sub.body.id, sub.body.secret],
  };
}

/** The id a path's `{id}` stands for, on alice's data. */
function idFor(op: Operation, data: AliceData): string {
  if (op.path.includes('/subscriptions/')) {
    return data.subscriptionId;
  }
  if (op.path.includes('/inbox/')) {
    return data.inboxId;
  }
  return data.notificationId;
}

/** A harmless body: the matrix is about who may call, not what is sent. */
function bodyOf(op: Operation): { body?: unknown } {
  if (op.path.endsWith('/snooze')) {
    // A valid body, so that the answer is about the id (404), not about the body (400).
    return { body: { for: '10m' } };
  }
  if (op.path.endsWith('/confirm')) {
    return { body: { code: 'ABCDEFGHJK' } };
  }
  return op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} };
}

/**
 * Reads the token code: the admin comparison must be constant-time (`timingSafeEqual` on
 * equal-length digests of both sides) and user tokens must be looked up by hash. A timing
 * measurement would be flaky; the code is what guarantees it.
 */
export function constantTimeFindings(): string[] {
  const root = repoRoot();
  const secret = fs.readFileSync(
    path.join(root, 'packages/auth/src/infrastructure/crypto-token-secrets.ts'),
    'utf8',
  );
  const authn = fs.readFileSync(
    path.join(root, 'packages/auth/src/application/authenticate/authenticator.ts'),
    'utf8',
  );
  const problems: string[] = [];
  const same = /export function sameSecret\([^)]*\)[^{]*\{([\s\S]*?)\n\}/.exec(secret)?.[1] ?? '';
  if (!/timingSafeEqual\(/.test(same)) {
    problems.push('sameSecret does not use crypto.timingSafeEqual');
  }
  // Each side's SHA-256 digest: through a Hash object, or the file's `sha256(text, 'buffer')`
  // (the one-shot `crypto.hash` where Node has it, a Hash object otherwise).
  const digests =
    (same.match(/createHash\('sha256'\)[\s\S]*?\.digest\(\)/g) ?? []).length +
    (/function sha256\([\s\S]*?hash\('sha256'[\s\S]*?createHash\('sha256'\)/.test(secret)
      ? (same.match(/sha256\(\w+, 'buffer'\)/g) ?? []).length
      : 0);
  if (digests < 2) {
    problems.push('sameSecret does not hash both sides to equal-length digests before comparing');
  }
  if (!/same\(a: string, b: string\): boolean \{\s*return sameSecret\(a, b\);/.test(secret)) {
    problems.push('the token secrets adapter does not compare with sameSecret');
  }
  if (!/this\.secrets\.same\(token, admin\)/.test(authn)) {
    problems.push('the authenticator does not compare the admin token with secrets.same');
  }
  if (/token\s*===|===\s*token|admin\s*===|===\s*admin\b/.test(authn)) {
    problems.push('the authenticator compares a token with ===');
  }
  if (!/this\.users\.userOf\([^)]*this\.secrets\.hash\(token\)/.test(authn)) {
    problems.push('user tokens are not looked up by their hash');
  }
  return problems;
}

/**
 * Scenario 8: every route of the OpenAPI document × {no token, unknown token, another user's
 * token, admin token} on alice's paths → 401 / 403 / allowed as due; no answer to anyone but
 * alice or the admin reveals her data; bob reaching for alice's ids through his own path gets
 * 404; the admin token file is 0600 and no token ever reaches stdout/stderr.
 */
export async function runAuthMatrix(daemon: DaemonProcess): Promise<ScenarioResult> {
  const v = new Violations();
  const admin = new Api(daemon.url, daemon.adminToken);
  const aliceToken = (await admin.post<{ token: string }>('/v1/users/alice/tokens')).body.token;
  const bobToken = (await admin.post<{ token: string }>('/v1/users/bob/tokens')).body.token;
  const marker = `ALICE-${Math.random().toString(36).slice(2, 10)}`;
  const data = await seedAlice(admin.as(aliceToken), marker);
  const operations = await loadOperations(admin);
  const tokens: Record<Who, string | null> = {
    'no token': null,
    'unknown token': 'tk_' + 'x'.repeat(40),
    "another user's token": bobToken,
    'admin token': daemon.adminToken,
  };
  const statusCounts: Record<string, number> = {};
  let cells = 0;
  let leaks = 0;

  // The session routes are the sign-in itself (a token in the body, or the cookie): no bearer
  // token is their normal case. web-session.e2e covers who may open, read and end a session.
  for (const op of operations.filter((o) => !o.path.startsWith('/v1/session'))) {
    for (const who of WHO) {
      cells++;
      const pathText = concretePath(op.path, 'alice', idFor(op, data));
      const token = tokens[who];
      let status: number;
      let text: string;
      let wwwAuth: string | null = null;
      if (op.isStream) {
        const res = await probeStream(
          `${daemon.url}${pathText}`,
          token ? { authorization: `Bearer ${token}` } : {},
        );
        ({ status, text } = res);
      } else {
        const res = await admin.request(op.method, pathText, { token, ...bodyOf(op) });
        ({ status, text } = res);
        wwwAuth = res.headers.get('www-authenticate');
      }
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
      const cell = `${op.method} ${op.path} with ${who}`;
      let want: string;
      let ok: boolean;
      if (op.isPublic && op.path.includes('{token}')) {
        // A capability URL (the private calendar feed): the secret is the path itself, so any
        // bearer token is beside the point and the made-up path token must be refused.
        want = '400 or 404 (a made-up path token)';
        ok = status === 400 || status === 404;
      } else if (op.isPublic) {
        want = '200';
        ok = status === 200;
      } else if (who === 'no token' || who === 'unknown token') {
        want = '401 with WWW-Authenticate: Bearer';
        ok = status === 401 && wwwAuth === 'Bearer';
        if (op.isStream) {
          ok = status === 401;
        }
      } else if (who === "another user's token" && op.access !== 'signed-in') {
        want = '403';
        ok = status === 403;
      } else {
        want = 'not 401/403 and no 5xx';
        ok = status !== 401 && status !== 403 && status < 500;
      }
      v.check(ok, () => `${cell}: answered ${status}, want ${want}`);
      if (who !== 'admin token' && !op.isPublic) {
        const leaked = data.secrets.filter((s) => text.includes(s));
        leaks += leaked.length > 0 ? 1 : 0;
        v.check(
          leaked.length === 0,
          () => `${cell}: the answer reveals alice's ${leaked.join(', ')}`,
        );
      }
    }
  }

  // Bob through his own path with alice's ids: not found, and nothing of hers in the answer.
  const bob = admin.as(bobToken);
  let crossIdChecks = 0;
  for (const op of operations.filter((o) => o.isUserRoute && o.path.includes('{id}'))) {
    crossIdChecks++;
    const res = await bob.request(
      op.method,
      concretePath(op.path, 'bob', idFor(op, data)),
      bodyOf(op),
    );
    v.check(
      res.status === 404,
      () => `bob's ${op.method} ${op.path} with alice's id answered ${res.status}, want 404`,
    );
    // The id bob sent may be echoed back ("… not found"); anything else of alice's may not.
    const sent = idFor(op, data);
    const leaked = data.secrets.filter((s) => s !== sent && res.text.includes(s));
    v.check(
      leaked.length === 0,
      () => `bob's ${op.method} ${op.path} reveals alice's ${leaked.join(', ')}`,
    );
  }
  const aliceStill = await admin.get<{ status: string }>(
    `/v1/users/alice/notifications/${data.notificationId}`,
  );

  const constantTime = constantTimeFindings();
  constantTime.forEach((p) => v.check(false, () => p));
  const mode = fs.statSync(daemon.adminTokenFile).mode & 0o777;
  v.check(mode === 0o600, () => `admin.token has mode ${mode.toString(8)}, want 600`);
  const logs = daemon.stdout + daemon.stderr;
  for (const [name, token] of [
    ['admin', daemon.adminToken],
    ['alice', aliceToken],
    ['bob', bobToken],
    ['unknown', tokens['unknown token'] ?? ''],
  ] as const) {
    v.check(!logs.includes(token), () => `the ${name} token appears in the daemon's stdout/stderr`);
  }
  return {
    id: 8,
    name: 'auth matrix',
    figures: {
      routes: operations.length,
      'matrix cells': cells,
      'cross-user id probes': crossIdChecks,
      '401s': statusCounts[401] ?? 0,
      '403s': statusCounts[403] ?? 0,
      '5xx seen': Object.entries(statusCounts)
        .filter(([s]) => Number(s) >= 500)
        .reduce((a, [, n]) => a + n, 0),
      'answers leaking data': leaks,
      'constant-time comparison':
        constantTime.length === 0 ? 'timingSafeEqual on sha256 digests' : 'NO',
      'admin.token mode': mode.toString(8),
      'tokens in logs':
        0 + [daemon.adminToken, aliceToken, bobToken].filter((t) => logs.includes(t)).length,
      // Her notification's status after the matrix (the admin's cells may cancel or delete it).
      'alice data intact':
        aliceStill.status === 200 ? aliceStill.body.status : `HTTP ${aliceStill.status}`,
    },
    violations: v.done(),
  };
}
