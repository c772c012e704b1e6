import { DomainError, msOf, toIsoUtc } from '@tickler/core/domain';

/** What a lead rule counts back from: the event's start, or the end of its window. */
export type LeadAnchor = 'start' | 'expiry';

/**
 * Canonical form only (`lead:600`, `lead:0@expiry`): the rule text is part of the reconcile key
 * (recipient, source key, rule), so `lead:0600` or `lead:600@start` would be a second key for
 * the same policy. At most 9 digits (~31 years).
 */
const LEAD_RULE = /^lead:(0|[1-9]\d{0,8})(@expiry)?$/;

/** Text that is not a lead rule; `field` names where it came from. */
export class InvalidLeadRuleError extends DomainError {
  readonly code = 'NOTIFICATIONS.INVALID_LEAD_RULE';

  constructor(
    readonly rule: string,
    readonly field = 'rule',
  ) {
    super(
      `${field}: "${rule.slice(0, 64)}" is not a lead rule; expected lead:<seconds> or lead:<seconds>@expiry (e.g. lead:3600, lead:0@expiry)`,
      { rule: rule.slice(0, 64), field },
    );
  }
}

/** The rule's anchor instant was not given (`eventAt` for `lead:N`, `expiresAt` for `@expiry`). */
export class LeadRuleAnchorMissingError extends DomainError {
  readonly code = 'NOTIFICATIONS.LEAD_RULE_ANCHOR_MISSING';

  constructor(
    readonly rule: string,
    readonly anchorField: 'eventAt' | 'expiresAt',
  ) {
    super(`${anchorField} is required by the lead rule ${rule}`, { rule, field: anchorField });
  }
}

/** The rule counts back from its anchor to before 1970, which no stored instant can be. */
export class LeadRuleBeforeEpochError extends DomainError {
  readonly code = 'NOTIFICATIONS.INVALID_LEAD_RULE';

  constructor(
    readonly rule: string,
    readonly anchorAt: string,
  ) {
    super(`rule: ${rule} counts back from ${anchorAt} to before 1970-01-01T00:00:00Z`, {
      rule,
      field: 'rule',
    });
  }
}

/** Earliest send instant (ms): stored instants start at the epoch. */
const EPOCH_MS = 0;

/**
 * A reminder policy: send `seconds` before the event starts (`lead:3600`) or before its window
 * ends (`lead:0@expiry`). The send instant is exact to the millisecond; nothing rounds it to the
 * dispatcher's tick, which only bounds lateness.
 */
export class LeadRule {
  private constructor(
    /** Lead time in whole seconds (≥ 0). */
    readonly seconds: number,
    readonly anchor: LeadAnchor,
  ) {}

  /** Parses the canonical text form; anything else is an {@link InvalidLeadRuleError}. */
  static parse(text: unknown, field = 'rule'): LeadRule {
    const match = typeof text === 'string' ? LEAD_RULE.exec(text) : null;
    if (!match) {
      throw new InvalidLeadRuleError(typeof text === 'string' ? text : String(text), field);
    }
    return new LeadRule(Number(match[1]), match[2] === undefined ? 'start' : 'expiry');
  }

  /** True when `text` parses (what the command validators ask). */
  static isValid(text: unknown): boolean {
    return typeof text === 'string' && LEAD_RULE.test(text);
  }

  /** The field holding this rule's anchor instant. */
  get anchorField(): 'eventAt' | 'expiresAt' {
    return this.anchor === 'start' ? 'eventAt' : 'expiresAt';
  }

  /**
   * The send instant (ISO UTC): the anchor minus the lead. Takes the stored forms of the
   * event's start and end; the one this rule anchors to must be present.
   */
  sendInstant(eventAt: string | null, expiresAt: string | null): string {
    const anchorAt = this.anchor === 'start' ? eventAt : expiresAt;
    if (anchorAt === null) {
      throw new LeadRuleAnchorMissingError(this.toString(), this.anchorField);
    }
    const sendMs = msOf(anchorAt) - this.seconds * 1000;
    if (sendMs < EPOCH_MS) {
      throw new LeadRuleBeforeEpochError(this.toString(), anchorAt);
    }
    return toIsoUtc(sendMs);
  }

  /** The canonical text, as stored in `source_rule`. */
  toString(): string {
    return `lead:${this.seconds}${this.anchor === 'expiry' ? '@expiry' : ''}`;
  }
}
