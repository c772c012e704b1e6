import { SmtpUrlError, smtpTransportOptions } from './smtp-settings';

const timeouts = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
};
const options = (url: string): ReturnType<typeof smtpTransportOptions> =>
  smtpTransportOptions({ url, from: 'reminders@example.org', ...timeouts });

describe('smtpTransportOptions', () => {
  it('reads smtp:// as STARTTLS-when-offered on 587 and smtps:// as TLS on 465, credentials decoded', () => {
    expect(options('smtp://mail.example.org')).toMatchObject({
      host: 'mail.example.org',
      port: 587,
      secure: false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    expect(options('smtp://mail.example.org').auth).toBeUndefined();
    expect(options('smtps://bot%40example.org:p%3Ass@mail.example.org')).toMatchObject({
      port: 465,
      secure: true,
      auth: { user: 'bot@example.org', pass: 'p:ss' },
    });
    expect(options('smtp://[::1]:2525')).toMatchObject({ host: '::1', port: 2525 });
  });

  it.each([
    ['http://mail.example.org', /scheme must be smtp: or smtps:/],
    ['smtp://mail.example.org/x', /must not have a path/],
    ['smtp://mail.example.org?pool=true', /query other than \?insecure_auth=true/],
    ['smtp://u:p@mail.example.org?insecure_auth=yes', /query other than \?insecure_auth=true/],
    ['not a url', /not a URL/],
  ])('refuses %s naming the variable, never echoing a password', (url, message) => {
    expect(() => options(url)).toThrow(SmtpUrlError);
    expect(() => options(url)).toThrow(message);
    expect(() => options(url)).toThrow(/^TICKLER_SMTP_URL: /);
  });
});

describe('authenticating in clear (issue 29)', () => {
  it('requires STARTTLS before AUTH on smtp:// with a user, unless ?insecure_auth=true', () => {
    expect(options('smtp://bot:secret@mail.example.org').requireTLS).toBe(true);
    expect(options('smtp://bot:secret@mail.example.org?insecure_auth=true')).toMatchObject({
      requireTLS: false,
      auth: { user: 'bot', pass: 'secret' },
    });
    // Nothing secret to protect, or TLS from the first byte.
    expect(options('smtp://mail.example.org').requireTLS).toBe(false);
    expect(options('smtps://bot:secret@mail.example.org').requireTLS).toBe(false);
  });
});
