import { inject, injectable } from 'inversify';
import nodemailer, { type Transporter } from 'nodemailer';
import {
  type ChannelSendOutcome,
  type ChannelSendRequest,
  type ExternalChannel,
  type PreparedTarget,
  type SubscriptionInput,
  type SubscriptionTarget,
} from '../../application/ports/delivery-channel.port';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { throwIfProblems } from '../subscription-input-problems';
import { emailMessageOf } from './email-message';
import { EmailConfirmation } from './email-confirmation';
import { asEmailTarget, prepareEmailTarget } from './email-target';
import { outcomeOfSmtpError } from './smtp-outcome';
import { type SmtpSettings, smtpTransportOptions } from './smtp-settings';

/** Settings of the email channel; `smtp` undefined = no email on this daemon. */
export interface EmailChannelSettings {
  readonly smtp: SmtpSettings | undefined;
  /** Per-attempt timeout in ms (the send loop aborts the attempt after it). */
  readonly timeoutMs: number;
  readonly retry: { readonly maxAttempts: number; readonly baseMs: number; readonly maxMs: number };
}

/** Why there is no email: the owner's 400 and the operator's log say the same. */
export const EMAIL_NOT_CONFIGURED =
  'email is not configured on this daemon (its operator sets TICKLER_SMTP_URL and TICKLER_SMTP_FROM)';

/**
 * Email over SMTP with nodemailer: one connection per send (no pool), so the send loop's abort
 * signal closes exactly that connection. Without `TICKLER_SMTP_URL` the channel exists (a
 * subscription kind never disappears with a setting) but refuses new email subscriptions with a
 * 400 and fails sends to existing ones at once (`unreachable`, not retried).
 */
@injectable()
export class SmtpEmailChannel implements ExternalChannel {
  readonly kind = 'email';
  /** A person's mailbox: a duplicate mail is the more visible failure (seed 004). */
  readonly defaultGuarantee = 'at-most-once' as const;
  readonly retry: EmailChannelSettings['retry'];
  readonly timeoutMs: number;
  private readonly transport: Transporter | undefined;
  private readonly server: string;
  /** An address receives nothing until the code mailed to it is typed back (issue 29). */
  readonly confirmation = new EmailConfirmation((address, code) =>
    this.sendConfirmationMail(address, code),
  );

  constructor(
    @inject(NOTIFICATIONS_TOKENS.EmailSettings) private readonly settings: EmailChannelSettings,
  ) {
    this.retry = settings.retry;
    this.timeoutMs = settings.timeoutMs;
    if (settings.smtp === undefined) {
      this.server = 'smtp:unconfigured';
      return;
    }
    const options = smtpTransportOptions(settings.smtp);
    this.server = `smtp:${options.host}:${options.port}`;
    this.transport = nodemailer.createTransport({ ...options, tls: { ...options.tls } });
  }

  /** The SMTP server: every email goes through it, so it is one endpoint. */
  endpointOf(_target: SubscriptionTarget): string {
    return this.server;
  }

  prepareTarget(input: SubscriptionInput): Promise<PreparedTarget> {
    return Promise.resolve().then(() => {
      if (this.transport === undefined) {
        throwIfProblems([{ path: 'kind', message: EMAIL_NOT_CONFIGURED }]);
      }
      return prepareEmailTarget(input);
    });
  }

  publicTarget(target: SubscriptionTarget): Record<string, unknown> {
    return {
      address: asEmailTarget(target).address,
      confirmed: this.confirmation.confirmed(target),
    };
  }

  /** Registering an address again keeps what its confirmation had reached (and its last code). */
  renewTarget(previous: SubscriptionTarget, _next: SubscriptionTarget): SubscriptionTarget {
    return previous;
  }

  /** The mail that carries a confirmation code; false when it could not be sent. */
  private async sendConfirmationMail(address: string, code: string): Promise<boolean> {
    if (this.transport === undefined || this.settings.smtp === undefined) {
      return false;
    }
    try {
      await this.transport.sendMail({
        from: this.settings.smtp.from,
        to: address,
        subject: `Your Tickler confirmation code: ${code}`,
        text: `Someone asked to receive Tickler reminders at this address.\n\nIf it was you, enter this code to confirm it:\n\n    ${code}\n\nIf it was not you, ignore this email: nothing will be sent to this address.\n`,
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return true;
    } catch {
      return false;
    }
  }

  async send(request: ChannelSendRequest, signal: AbortSignal): Promise<ChannelSendOutcome> {
    if (this.transport === undefined || this.settings.smtp === undefined) {
      return {
        ok: false,
        errorClass: 'unreachable',
        retryable: false,
        maybeDelivered: false,
        detail: EMAIL_NOT_CONFIGURED,
      };
    }
    const { address } = asEmailTarget(request.target);
    const message = emailMessageOf(request, this.settings.smtp.from, address);
    try {
      const info = (await this.transport.sendMail({
        ...message,
        headers: { ...message.headers },
        signal,
      })) as { accepted?: unknown[]; rejected?: unknown[] };
      if ((info.accepted ?? []).length === 0) {
        return {
          ok: false,
          errorClass: 'rejected',
          retryable: false,
          maybeDelivered: false,
          detail: `smtp ${this.server}: recipient not accepted`,
        };
      }
      return { ok: true };
    } catch (error) {
      return outcomeOfSmtpError(error, this.server);
    }
  }
}
