import { type Channel } from '../../shared/domain/notification-status';
import { type EscalationRule } from '../../shared/domain/escalation-rule';

/**
 * The source name of reminders a person made themselves (no producer app). App ids are the
 * reminder's `source.app` (`calendar`, `com.example.todo`); this one starts with `@` so it reads
 * as no app's.
 */
export const PERSON_SOURCE = '@person';

/** Whether a channel is on when the person set nothing for it: everything is on. */
export const DEFAULT_ENABLED = true;

/** One switch: the channel `channel` for reminders from `source`, on or off. */
export interface ChannelPreference {
  /** `source.app` of the reminders it governs, or {@link PERSON_SOURCE}. */
  readonly source: string;
  readonly channel: Channel;
  readonly enabled: boolean;
  /**
   * On an `inbox` switch: the escalation of the source's reminders that carry none of their own
   * (the reminder's wins); null: none. Undefined in an update: the stored one is kept (a page
   * flipping the switch does not drop it).
   */
  readonly escalation?: EscalationRule | null;
}

/** The source name of a reminder: its producer app, or {@link PERSON_SOURCE} when a person made it. */
export function sourceNameOf(source: { readonly app: string } | null): string {
  return source === null ? PERSON_SOURCE : source.app;
}

/**
 * The channels one or more people turned off, per source: what firing asks. Anything not listed
 * is on ({@link DEFAULT_ENABLED}).
 */
export class TurnedOff {
  private readonly off = new Set<string>();

  /** Builds the set from stored switches (those still on are ignored). */
  static of(
    preferences: Iterable<ChannelPreference & { readonly recipientId: string }>,
  ): TurnedOff {
    const set = new TurnedOff();
    for (const p of preferences) {
      if (!p.enabled) {
        set.off.add(TurnedOff.key(p.recipientId, p.source, p.channel));
      }
    }
    return set;
  }

  /** Whether `recipientId` gets reminders from `source` over `channel`. */
  allows(recipientId: string, source: string, channel: Channel): boolean {
    return !this.off.has(TurnedOff.key(recipientId, source, channel));
  }

  private static key(recipientId: string, source: string, channel: Channel): string {
    return JSON.stringify([recipientId, source, channel]);
  }
}

/**
 * People's escalations per source (their inbox switches that carry one): what firing asks for
 * a reminder that has no escalation of its own.
 */
export class SourceEscalations {
  private readonly rules = new Map<string, EscalationRule>();

  /** Builds the map from stored switches (only inbox switches with an escalation count). */
  static of(
    preferences: Iterable<ChannelPreference & { readonly recipientId: string }>,
  ): SourceEscalations {
    const map = new SourceEscalations();
    for (const p of preferences) {
      if (p.channel === 'inbox' && p.escalation) {
        map.rules.set(JSON.stringify([p.recipientId, p.source]), p.escalation);
      }
    }
    return map;
  }

  /** The escalation `recipientId` set for reminders from `source`, if any. */
  of(recipientId: string, source: string): EscalationRule | null {
    return this.rules.get(JSON.stringify([recipientId, source])) ?? null;
  }
}
