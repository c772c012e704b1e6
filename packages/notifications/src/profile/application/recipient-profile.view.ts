import {
  type DigestSettings,
  type QuietHours,
  type RecipientProfileState,
} from '../domain/recipient-profile.state';

/**
 * A person's profile as the outside world sees it. A person who never set anything gets the
 * defaults (`updatedAt` null).
 */
export interface RecipientProfileView {
  recipientId: string;
  /** IANA name; null = UTC for quiet hours and digest windows. */
  timeZone: string | null;
  quietHours: { start: string; end: string; days: string[] | null } | null;
  /** Inside quiet hours the inbox row is still written on time; push, email, webhooks wait. */
  inboxOnTime: boolean;
  /** Duration text (`15m`): lead for reminders created with `eventAt` and no time. */
  defaultLead: string | null;
  /** `{mode:"tick"}`, `{mode:"daily", at:"08:00"}`, or null (no digest). */
  digest: { mode: 'tick' } | { mode: 'daily'; at: string } | null;
  updatedAt: string | null;
}

function quietView(q: QuietHours | null): RecipientProfileView['quietHours'] {
  return q === null ? null : { start: q.start, end: q.end, days: q.days ? [...q.days] : null };
}

function digestView(d: DigestSettings | null): RecipientProfileView['digest'] {
  return d === null ? null : { ...d };
}

/** The view of a profile; `stored` false: the person's defaults (never saved). */
export function toRecipientProfileView(
  s: RecipientProfileState,
  stored: boolean,
): RecipientProfileView {
  return {
    recipientId: s.recipientId,
    timeZone: s.timeZone,
    quietHours: quietView(s.quietHours),
    inboxOnTime: s.inboxOnTime,
    defaultLead: s.defaultLead,
    digest: digestView(s.digest),
    updatedAt: stored ? s.updatedAt : null,
  };
}
