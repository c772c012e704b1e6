import { describeLead, parseLeadList } from './lead-list';
import { parseSourceLocation } from './calendar-source-location';

describe('parseLeadList', () => {
  it.each([
    ['15m', ['lead:900']],
    ['1h, 15m', ['lead:900', 'lead:3600']],
    ['lead:3600,15m,PT15M', ['lead:900', 'lead:3600']],
    ['lead:0@expiry', ['lead:0@expiry']],
    ['', []],
  ])('%j → %j (sorted, unique, canonical)', (text, rules) => {
    expect(parseLeadList(text)).toEqual(rules);
  });

  it.each([
    ['5', 'lead: "5" has no unit'],
    ['31d', 'lead: "31d" is longer than 30 days'],
    ['1m,2m,3m,4m,5m,6m', 'lead: give at most 5 leads, separated by commas'],
    ['1.5s', 'lead: "1.5s" is not a whole number of seconds'],
  ])('refuses %j naming the field', (text, message) => {
    expect(() => parseLeadList(text)).toThrow(message);
  });

  it('describes rules as a person reads them', () => {
    expect(['lead:900', 'lead:5400', 'lead:0@expiry'].map(describeLead)).toEqual([
      '15m',
      '1h30m',
      '0s before the end',
    ]);
  });
});

describe('parseSourceLocation', () => {
  it('reads https and webcal URLs as URLs (without their fragment), absolute paths as files', () => {
    expect(parseSourceLocation('webcal://example.com/a.ics#x')).toEqual({
      kind: 'url',
      location: 'https://example.com/a.ics',
    });
    expect(parseSourceLocation(' /home/me/work.ics ')).toEqual({
      kind: 'file',
      location: '/home/me/work.ics',
    });
  });

  it.each([
    ['http://example.com/a.ics', 'source: must be an https URL or a file path (http: is refused)'],
    ['ftp://example.com/a.ics', 'source: must be an https URL or a file path (ftp: is refused)'],
    ['work.ics', 'source: must be an https URL or an absolute path to an .ics file'],
    ['/home/me/../../etc/passwd', 'source: a path may not contain ".." segments'],
  ])('refuses %j', (text, message) => {
    expect(() => parseSourceLocation(text)).toThrow(message);
  });
});
