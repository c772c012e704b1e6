import { MISSED_NOTICE_MAX_TITLES, missedNoticeText } from './missed-notice';

describe('missedNoticeText', () => {
  it('counts in the title and lists one title a line', () => {
    expect(missedNoticeText(['a'])).toEqual({
      title: '1 reminder was missed while Tickler was off',
      message: '• a',
    });
    expect(missedNoticeText(['a', 'b', 'c']).title).toBe(
      '3 reminders were missed while Tickler was off',
    );
  });

  it('lists at most 15 titles, then counts the rest, staying inside the inbox message limit', () => {
    const titles = Array.from({ length: 500 }, (_, i) => `${i}`.padEnd(200, 'x'));
    const text = missedNoticeText(titles);
    const lines = text.message.split('\n');
    expect(lines).toHaveLength(MISSED_NOTICE_MAX_TITLES + 1);
    expect(lines.at(-1)).toBe('… and 485 more (tickler missed lists them all)');
    expect(text.message.length).toBeLessThanOrEqual(4000);
  });
});
