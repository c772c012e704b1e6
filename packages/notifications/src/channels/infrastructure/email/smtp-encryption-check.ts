import nodemailer from 'nodemailer';
import { type SmtpSettings, smtpTransportOptions } from './smtp-settings';

/**
 * What a start learns about the SMTP server before it sends anything:
 * - `encrypted`: TLS from the start, or STARTTLS worked;
 * - `no-credentials`: nothing secret goes out (no user in the URL), or the operator opted in to
 *   authenticating in clear (`?insecure_auth=true`);
 * - `no-starttls`: the server answered but offers no STARTTLS, so the password would go in clear;
 * - `unreachable`: no answer now (each send still refuses to authenticate in clear).
 */
export type SmtpEncryption = 'encrypted' | 'no-credentials' | 'no-starttls' | 'unreachable';

/**
 * Asks the SMTP server of an `smtp://` URL with a user and password whether it upgrades to TLS
 * (EHLO, STARTTLS, no AUTH and no mail), so that a start can refuse a configuration that would
 * send the password in clear instead of finding out at the first email.
 */
export async function checkSmtpEncryption(settings: SmtpSettings): Promise<SmtpEncryption> {
  const options = smtpTransportOptions(settings);
  if (options.secure) {
    return 'encrypted';
  }
  if (options.auth === undefined || !options.requireTLS) {
    return 'no-credentials';
  }
  // Verified without the credentials: the question is the upgrade, and AUTH must not be tried.
  const { auth: _auth, ...withoutAuth } = options;
  const transport = nodemailer.createTransport({ ...withoutAuth, tls: { ...options.tls } });
  try {
    await transport.verify();
    return 'encrypted';
  } catch (error) {
    const { code, command } = error as { code?: string; command?: string };
    return code === 'ETLS' && command === 'STARTTLS' ? 'no-starttls' : 'unreachable';
  } finally {
    transport.close();
  }
}
