import { isLink, isPlainText } from './text.validators';

describe('text rules', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['an ANSI escape', '\u001b[31mred\u001b[0m'],
    ['a bell', 'a\u0007'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'invoice\u202Efdp.exe'],
    ['a bidi isolate', 'a\u2066b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00'],
    ['a newline in a single line', 'a\nb'],
    ['a tab in a single line', 'a\tb'],
  ])('refuses %s', (_what, text) => {
    expect(isPlainText(text)).toBe(false);
  });

  it('accepts ordinary text, emoji (paired surrogates) and tab/newline where multi-line', () => {
    expect(isPlainText('Café 😀 — “quotes” and ünïcödé')).toBe(true);
    expect(isPlainText('line one\n\tline two', true)).toBe(true);
    expect(isPlainText('a\rb', true)).toBe(false);
    expect(isPlainText(42)).toBe(false);
  });

  it.each([
    ['https://example.com/a?b=c#d', true],
    ['http://127.0.0.1:8787/inbox', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['/inbox/123', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['data:text/html,<script>x</script>', false],
    ['vbscript:x', false],
    ['file:///etc/passwd', false],
    ['ftp://example.com', false],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    [' https://example.com', false],
    ['https://exa mple.com', false],
    ['inbox/123', false],
    ['', false],
  ])('link %p → %p', (link, ok) => {
    expect(isLink(link)).toBe(ok);
  });
});
