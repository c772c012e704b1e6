import { type Scope } from '../../../shared/application/ports/scope';

/** Where a recipient's rules hold a delivery that would go out now. */
export interface RecipientHold {
  /** The instant it goes out instead. */
  readonly at: string;
  readonly reason: 'quiet-hours' | 'digest-window';
  /** Only the external sends wait: the inbox row is written on time. */
  readonly external: boolean;
}

/** What one recipient's own rules say about their deliveries going out. */
export interface RecipientRule {
  /** Their deliveries due in one batch go out as one digest. */
  readonly digests: boolean;
  /**
   * Where the rules hold a delivery meant for `meantFor` that would go out at `now`; null: it
   * goes out now. `wantsInbox`: the delivery goes to the inbox (quiet hours may let that row
   * through on time).
   */
  holdAt(meantFor: string, now: string, wantsInbox: boolean): RecipientHold | null;
}

/**
 * The recipients' own rules — quiet hours, digest windows, default lead — as delivery applies
 * them (port owned by delivery, implemented by the profile module). Delivery never imports the
 * profile module.
 */
export interface RecipientRules {
  /** The rules of those recipients who set any, by id (one read; the others are left out). */
  rulesOf(scope: Scope, recipientIds: readonly string[]): Promise<Map<string, RecipientRule>>;
  /** The default lead in seconds of those recipients who set one, by id (one read). */
  defaultLeadsOf(scope: Scope, recipientIds: readonly string[]): Promise<Map<string, number>>;
}
