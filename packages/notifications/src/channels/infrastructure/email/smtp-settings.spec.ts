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
    ['smtp://mail.example.org/x', /path, query or fragment/],
    ['smtp://mail.example.org?pool=true', /path, query or fragment/],
    ['not a url', /not a URL/],
  ])('refuses %s naming the variable, never echoing a password', (url, message) => {
    expect(() => options(url)).toThrow(SmtpUrlError);
    expect(() => options(url)).toThrow(message);
    expect(() => options(url)).toThrow(/^TICKLER_SMTP_URL: /);
  });
});
