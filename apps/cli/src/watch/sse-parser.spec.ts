import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('frames events on blank lines, skips comments, joins data lines and keeps id and name', () => {
    const parser = new SseParser();
    const events = parser.feed(
      ': connected\n\nid: e-1\ndata: {"a":1}\n\nevent: stream.gap\ndata: one\ndata: two\n\n',
    );
    expect(events).toEqual([
      { id: 'e-1', event: 'message', data: '{"a":1}' },
      { id: undefined, event: 'stream.gap', data: 'one\ntwo' },
    ]);
  });

  it('accepts chunks split anywhere, CRLF split across chunks included', () => {
    const parser = new SseParser();
    const text = 'id: e-7\r\ndata: hello\r\n\r\nid: e-8\rdata: x\r\r';
    const events = [];
    for (const ch of text) {
      events.push(...parser.feed(ch));
    }
    expect(events).toEqual([
      { id: 'e-7', event: 'message', data: 'hello' },
      { id: 'e-8', event: 'message', data: 'x' },
    ]);
  });

  it('refuses a line that never ends past the bound', () => {
    const parser = new SseParser();
    expect(() => parser.feed(`data: ${'x'.repeat(1024 * 1024 + 1)}`)).toThrow(/longer than/);
  });
});
