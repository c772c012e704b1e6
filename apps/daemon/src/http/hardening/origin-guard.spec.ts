import { checkSameOrigin, SAFE_METHODS } from './origin-guard';

// The e2e suite (apps/daemon/test/web-session.e2e.spec.ts) drives the guard through the daemon;
// these cases pin its rule in-process, where mutation testing can reach it.
function refusal(origin: string | string[] | undefined, host: string | undefined, https = false) {
  try {
    checkSameOrigin(origin, host, https);
  } catch (error) {
    return error as { code: string; message: string };
  }
  return undefined;
}

describe('CSRF: which methods a session cookie may use without naming this origin', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('%s changes nothing and needs no Origin', (method) => {
    expect(SAFE_METHODS.has(method)).toBe(true);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', ''])(
    '"%s" may change something and needs this origin',
    (method) => {
      expect(SAFE_METHODS.has(method)).toBe(false);
    },
  );
});

describe('CSRF: a cookie-signed request must come from a page of this origin', () => {
  it('accepts the origin of this very host and scheme, whatever the letter case', () => {
    expect(refusal('http://localhost:8787', 'localhost:8787')).toBeUndefined();
    expect(refusal('https://tickler.example', 'tickler.example', true)).toBeUndefined();
    expect(refusal('HTTP://LocalHost:8787', 'localhost:8787')).toBeUndefined();
    expect(refusal('http://localhost:8787', 'LOCALHOST:8787')).toBeUndefined();
  });

  it('refuses a request with no Origin, an empty one or several, saying it needs one', () => {
    for (const origin of [undefined, '', ['http://localhost:8787']]) {
      const error = refusal(origin, 'localhost:8787');
      expect(error?.code).toBe('AUTH.CROSS_ORIGIN');
      expect(error?.message).toMatch(/must carry an Origin header/);
    }
  });

  it('refuses another site, another port and another scheme, naming both origins', () => {
    const foreign = refusal('http://evil.example', 'localhost:8787');
    expect(foreign?.code).toBe('AUTH.CROSS_ORIGIN');
    expect(foreign?.message).toContain('"http://evil.example"');
    expect(foreign?.message).toContain('(http://localhost:8787)');
    expect(refusal('http://localhost:1', 'localhost:8787')?.code).toBe('AUTH.CROSS_ORIGIN');
    expect(refusal('https://localhost:8787', 'localhost:8787')?.code).toBe('AUTH.CROSS_ORIGIN');
    expect(refusal('http://localhost:8787', 'localhost:8787', true)?.code).toBe(
      'AUTH.CROSS_ORIGIN',
    );
  });

  it('refuses every Origin when the request names no host', () => {
    expect(refusal('http://localhost', undefined)?.code).toBe('AUTH.CROSS_ORIGIN');
  });

  it('keeps a hostile Origin or Host from flooding the error message and the log', () => {
    const long = 'x'.repeat(10_000);
    expect(refusal(`http://${long}`, 'localhost:8787')?.message.length).toBeLessThan(500);
    expect(refusal('http://localhost', long)?.message.length).toBeLessThan(500);
  });
});
