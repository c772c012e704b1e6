import { LeadRule } from '../../domain/lead-rule';
import { type NewNotificationDelivery } from '../../domain/notification-delivery.entity';
import { type RecipientRules } from '../ports/recipient-rules.port';
import { type Scope } from '../../../shared/application/ports/scope';
import { type SendNotification } from './send-notification.command';

/**
 * A request that names its event (`eventAt`) but neither a send instant (`scheduledAt`, `when`)
 * nor a lead rule: with
 * a default lead in the recipient's profile it is sent that long before the event (else, as
 * before, at once).
 */
export function wantsDefaultLead(item: SendNotification): boolean {
  return (
    item.eventAt !== undefined &&
    item.scheduledAt === undefined &&
    item.when === undefined &&
    item.rule === undefined
  );
}

/**
 * The default lead (`lead:<seconds>`) of each recipient among `items` that wants one and has
 * one in their profile: one read for the lot.
 */
export async function defaultLeadsOf(
  scope: Scope,
  rules: RecipientRules,
  items: readonly SendNotification[],
): Promise<Map<string, LeadRule>> {
  const wanting = items.filter(wantsDefaultLead).map((i) => i.recipientId);
  const leads = new Map<string, LeadRule>();
  if (wanting.length === 0) {
    return leads;
  }
  for (const [id, seconds] of await rules.defaultLeadsOf(scope, wanting)) {
    leads.set(id, LeadRule.parse(`lead:${seconds}`));
  }
  return leads;
}

/**
 * `props` with the send instant the default lead gives (eventAt − lead), when the request wants
 * one and the recipient has one. The lead is not stored as the delivery's rule: a producer's
 * reconcile key stays what the producer sent.
 */
export function withDefaultLead(
  item: SendNotification,
  props: NewNotificationDelivery,
  leads: ReadonlyMap<string, LeadRule>,
): NewNotificationDelivery {
  const lead = leads.get(item.recipientId);
  if (lead === undefined || !wantsDefaultLead(item)) {
    return props;
  }
  return { ...props, scheduledAt: lead.sendInstant(props.eventAt ?? null, null) };
}
