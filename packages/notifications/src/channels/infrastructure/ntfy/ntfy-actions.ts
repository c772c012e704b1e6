import {
  ACTION_LINK_LIFETIME_S,
  type ActionLinkAction,
  signActionLink,
} from '../../application/action-links/action-link-token';
import { type ChannelSendRequest } from '../../application/ports/delivery-channel.port';
import { type NtfyHttpAction } from './ntfy-message';

const LABELS: Readonly<Record<ActionLinkAction, string>> = {
  snooze: 'Snooze 10 min',
  done: 'Done',
};

/**
 * The Snooze 10 min and Done buttons of one send: ntfy `http` actions POSTing to
 * `<publicUrl>/v1/actions/<token>`, each token signed for this person's inbox item (the
 * delivery id) and valid for 7 days from when the reminder fired. Every attempt of a send
 * makes the same links (their expiry counts from `sentAt`).
 */
export function ntfyActionsFor(
  publicUrl: string,
  key: Buffer,
  request: ChannelSendRequest,
): NtfyHttpAction[] {
  const expiresAt = Math.floor(Date.parse(request.message.sentAt) / 1000) + ACTION_LINK_LIFETIME_S;
  return (['snooze', 'done'] as const).map((action) => ({
    action: 'http',
    label: LABELS[action],
    url: `${publicUrl}/v1/actions/${signActionLink(key, {
      recipientId: request.recipientId,
      inboxId: request.deliveryId,
      action,
      expiresAt,
    })}`,
    method: 'POST',
    clear: true,
  }));
}
