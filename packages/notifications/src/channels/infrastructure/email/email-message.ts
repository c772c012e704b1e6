import { type ChannelSendRequest } from '../../application/ports/delivery-channel.port';

/** The parts of a nodemailer message this channel sets. */
export interface EmailMessage {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly messageId: string;
  readonly date: Date;
  readonly headers: Readonly<Record<string, string>>;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The link when it is http(s); anything else (javascript:, data:, file:) is left out. */
export function safeLink(url: string | null): string | undefined {
  if (url === null) {
    return undefined;
  }
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** One line: control characters and line breaks become spaces (a subject is one header). */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
}

/**
 * The domain for Message-IDs: the From address's domain (where the sender is known), or
 * `tickler.invalid` when it has none usable.
 */
export function messageIdDomainOf(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1]?.toLowerCase() ?? 'tickler.invalid';
}

/**
 * The email of a send: subject = title; a text body and an HTML body (every piece escaped)
 * with the link when it is http(s). `Message-ID` is `<sendId@domain>`: the same on every retry
 * of the send, so a re-sent copy is recognisably the same message (mail clients thread or
 * drop it). `Auto-Submitted: auto-generated` (RFC 3834) keeps vacation replies away.
 */
export function emailMessageOf(
  request: ChannelSendRequest,
  from: string,
  to: string,
): EmailMessage {
  const { message } = request;
  const link = safeLink(message.url);
  const text = [message.message, link].filter((part) => part !== undefined && part !== '');
  const paragraphs = escapeHtml(message.message).replace(/\r?\n/g, '<br>\n');
  const html = [
    '<!doctype html>',
    '<html><body>',
    `<h1 style="font-size:1.2em">${escapeHtml(message.title)}</h1>`,
    paragraphs === '' ? '' : `<p>${paragraphs}</p>`,
    link === undefined ? '' : `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '</body></html>',
  ]
    .filter((line) => line !== '')
    .join('\n');
  return {
    from,
    to,
    subject: oneLine(message.title),
    text: `${text.join('\n\n')}\n`,
    html,
    messageId: `<${request.sendId}@${messageIdDomainOf(from)}>`,
    date: new Date(request.now),
    headers: {
      'Auto-Submitted': 'auto-generated',
      'X-Tickler-Notification-Id': request.deliveryId,
    },
  };
}
