import path from 'node:path';
import { ConfigError } from './config.error';
import { loadConfig } from './load-config';

describe('channel settings', () => {
  it('has no email and a placeholder VAPID subject by default; the key file sits beside the database', () => {
    const config = loadConfig({ TICKLER_DB: '/srv/tickler/t.db' });
    expect(config).toMatchObject({
      smtpUrl: undefined,
      smtpFrom: undefined,
      vapidSubject: 'mailto:admin@localhost',
      vapidKeyFile: path.resolve('/srv/tickler/vapid.json'),
    });
  });

  it('keeps VAPID keys in the database for :memory: and PostgreSQL', () => {
    expect(loadConfig({ TICKLER_DB: ':memory:' }).vapidKeyFile).toBeUndefined();
    expect(loadConfig({ TICKLER_DATABASE_URL: 'postgres://x@y/z' }).vapidKeyFile).toBeUndefined();
  });

  it('reads SMTP settings, and derives the VAPID subject from the From address', () => {
    const config = loadConfig({
      TICKLER_SMTP_URL: 'smtps://bot:secret@mail.example.org:465',
      TICKLER_SMTP_FROM: 'Tickler <reminders@example.org>',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://bot:secret@mail.example.org:465',
      smtpFrom: 'Tickler <reminders@example.org>',
      vapidSubject: 'mailto:reminders@example.org',
    });
    expect(loadConfig({ TICKLER_VAPID_SUBJECT: 'https://example.org/contact' }).vapidSubject).toBe(
      'https://example.org/contact',
    );
  });

  it('reads the public URL without its trailing slash, a path prefix kept; unset by default', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ TICKLER_PUBLIC_URL: 'https://Tickler.Example.org/' }).publicUrl).toBe(
      'https://tickler.example.org',
    );
    expect(loadConfig({ TICKLER_PUBLIC_URL: 'http://192.168.1.5:8787/tickler/' }).publicUrl).toBe(
      'http://192.168.1.5:8787/tickler',
    );
  });

  it.each([
    [
      { TICKLER_SMTP_URL: 'http://mail.example.org', TICKLER_SMTP_FROM: 'a@example.org' },
      'TICKLER_SMTP_URL',
    ],
    [
      { TICKLER_SMTP_URL: 'smtp://mail.example.org/x', TICKLER_SMTP_FROM: 'a@example.org' },
      'TICKLER_SMTP_URL',
    ],
    [{ TICKLER_SMTP_URL: 'smtp://mail.example.org' }, 'TICKLER_SMTP_FROM'],
    [{ TICKLER_SMTP_FROM: 'a@example.org' }, 'TICKLER_SMTP_FROM'],
    [
      {
        TICKLER_SMTP_URL: 'smtp://m.example.org',
        TICKLER_SMTP_FROM: 'a@example.org\r\nBcc: x@y.z',
      },
      'TICKLER_SMTP_FROM',
    ],
    [
      { TICKLER_SMTP_URL: 'smtp://m.example.org', TICKLER_SMTP_FROM: 'nobody' },
      'TICKLER_SMTP_FROM',
    ],
    [{ TICKLER_VAPID_SUBJECT: 'http://example.org' }, 'TICKLER_VAPID_SUBJECT'],
    [{ TICKLER_VAPID_SUBJECT: 'mailto:nobody' }, 'TICKLER_VAPID_SUBJECT'],
    [{ TICKLER_PUBLIC_URL: 'ftp://tickler.example.org' }, 'TICKLER_PUBLIC_URL'],
    [{ TICKLER_PUBLIC_URL: 'tickler.example.org' }, 'TICKLER_PUBLIC_URL'],
    [{ TICKLER_PUBLIC_URL: 'https://tickler.example.org/?a=1' }, 'TICKLER_PUBLIC_URL'],
    [{ TICKLER_PUBLIC_URL: 'https://tickler.example.org/#x' }, 'TICKLER_PUBLIC_URL'],
    [{ TICKLER_PUBLIC_URL: 'https://me:pw@tickler.example.org' }, 'TICKLER_PUBLIC_URL'],
    [
      { TICKLER_PUBLIC_URL: `https://tickler.example.org/${'a'.repeat(500)}` },
      'TICKLER_PUBLIC_URL',
    ],
  ])('rejects %j naming the key', (env, key) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${key}:`));
  });
});
