import { createPublicKey, verify } from 'node:crypto';

/** The claims of a VAPID JWT (RFC 8292 §2). */
export interface VapidClaims {
  readonly aud: unknown;
  readonly exp: unknown;
  readonly sub: unknown;
}

/** A parsed `Authorization: vapid t=…, k=…` header. */
export interface VapidCredentials {
  readonly token: string;
  /** base64url uncompressed P-256 point. */
  readonly publicKey: string;
}

/** `vapid t=<jwt>, k=<key>` → its parts, or undefined when the header has another shape. */
export function parseVapidAuthorization(header: string | undefined): VapidCredentials | undefined {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) {
    return undefined;
  }
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const [name, ...value] = part.trim().split('=');
    if (name) {
      params.set(name.toLowerCase(), value.join('='));
    }
  }
  const token = params.get('t');
  const publicKey = params.get('k');
  return token && publicKey ? { token, publicKey } : undefined;
}

/**
 * Checks a VAPID JWT as a push service does: ES256 header, signature by `publicKey`, `aud` =
 * the push resource's origin, `exp` in the future and at most 24 h ahead, `sub` a `mailto:` or
 * `https:` contact. Returns the claims and every problem found (none when it is valid).
 */
export function checkVapidJwt(
  credentials: VapidCredentials,
  audience: string,
  nowSeconds: number,
): { claims: VapidClaims | undefined; problems: string[] } {
  const problems: string[] = [];
  const [header, payload, signature] = credentials.token.split('.');
  if (!header || !payload || !signature) {
    return { claims: undefined, problems: ['the JWT does not have three parts'] };
  }
  let claims: VapidClaims;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'ES256') {
      problems.push(`alg is ${String(head.alg)}, not ES256`);
    }
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VapidClaims;
  } catch {
    return { claims: undefined, problems: ['the JWT header or claims are not JSON'] };
  }
  const point = Buffer.from(credentials.publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) {
    problems.push('k is not an uncompressed P-256 point');
  } else {
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = Buffer.from(`${header}.${payload}`);
    const valid = verify(
      'sha256',
      signed,
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) {
      problems.push('the signature does not verify with k');
    }
  }
  if (claims.aud !== audience) {
    problems.push(`aud is ${String(claims.aud)}, not ${audience}`);
  }
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) {
    problems.push(`exp ${String(claims.exp)} is not in the future`);
  } else if (claims.exp > nowSeconds + 24 * 3600) {
    problems.push(`exp ${claims.exp} is more than 24 h ahead`);
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    problems.push(`sub ${String(claims.sub)} is not a mailto: or https: contact`);
  }
  return { claims, problems };
}
