import {
  InvalidLeadRuleError,
  LeadRule,
  LeadRuleAnchorMissingError,
  LeadRuleBeforeEpochError,
} from './lead-rule';

const EVENT = '2026-09-10T10:00:00.000Z';
const EXPIRES = '2026-09-10T12:00:00.000Z';

describe('LeadRule', () => {
  it('sends lead:600 exactly ten minutes before the start, to the millisecond', () => {
    expect(LeadRule.parse('lead:600').sendInstant(EVENT, null)).toBe('2026-09-10T09:50:00.000Z');
    expect(LeadRule.parse('lead:1').sendInstant('2026-09-10T10:00:00.123Z', null)).toBe(
      '2026-09-10T09:59:59.123Z',
    );
  });

  it('anchors lead:0 to the start and lead:<n>@expiry to the end of the window', () => {
    expect(LeadRule.parse('lead:0').sendInstant(EVENT, EXPIRES)).toBe(EVENT);
    expect(LeadRule.parse('lead:0@expiry').sendInstant(EVENT, EXPIRES)).toBe(EXPIRES);
    expect(LeadRule.parse('lead:3600@expiry').sendInstant(null, EXPIRES)).toBe(
      '2026-09-10T11:00:00.000Z',
    );
  });

  it('round-trips the canonical text that is stored as the rule key', () => {
    for (const text of ['lead:0', 'lead:3600', 'lead:0@expiry', 'lead:999999999@expiry']) {
      expect(LeadRule.parse(text).toString()).toBe(text);
      expect(LeadRule.isValid(text)).toBe(true);
    }
  });

  it.each([
    'lead:',
    'lead:-5',
    'lead:1.5',
    'lead:0600',
    'lead:600@start',
    'lead:600@Expiry',
    'lead:1000000000',
    'LEAD:600',
    ' lead:600',
    'lead:600 ',
    'lag:600',
    'lead:1h',
    '',
  ])('rejects %j with a typed error', (text) => {
    expect(LeadRule.isValid(text)).toBe(false);
    let error: unknown;
    try {
      LeadRule.parse(text, 'planned.3.rule');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidLeadRuleError);
    expect(error).toMatchObject({
      code: 'NOTIFICATIONS.INVALID_LEAD_RULE',
      field: 'planned.3.rule',
    });
  });

  it('rejects non-text input', () => {
    expect(() => LeadRule.parse(600)).toThrow(InvalidLeadRuleError);
    expect(LeadRule.isValid(undefined)).toBe(false);
  });

  it('names the missing anchor', () => {
    let error: unknown;
    try {
      LeadRule.parse('lead:60').sendInstant(null, EXPIRES);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: 'NOTIFICATIONS.LEAD_RULE_ANCHOR_MISSING',
      anchorField: 'eventAt',
    });
    expect(() => LeadRule.parse('lead:60@expiry').sendInstant(EVENT, null)).toThrow(
      LeadRuleAnchorMissingError,
    );
  });

  it('refuses a send instant before the storable range with a typed error naming the rule (not a RangeError: a 500)', () => {
    const rule = LeadRule.parse('lead:3600');
    expect(() => rule.sendInstant('1970-01-01T00:30:00.000Z', null)).toThrow(
      LeadRuleBeforeEpochError,
    );
    expect(rule.sendInstant('1970-01-01T01:00:00.000Z', null)).toBe('1970-01-01T00:00:00.000Z');
  });
});
