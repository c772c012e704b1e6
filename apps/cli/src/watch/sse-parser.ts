/** One server-sent event as the stream framed it. */
export interface SseEvent {
  /** The `id:` of this event, if it had one. */
  readonly id: string | undefined;
  /** The `event:` name; `message` when absent (as EventSource does). */
  readonly event: string;
  /** The `data:` lines joined by newlines. */
  readonly data: string;
}

/** Longest line the parser holds while waiting for its end: a frame is a few KiB at most. */
export const MAX_LINE_CHARS = 1024 * 1024;

/**
 * Incremental parser of the `text/event-stream` format (the WHATWG rules the CLI needs):
 * lines end in LF, CRLF or CR; a blank line dispatches; `:` lines are comments; fields `id`,
 * `event`, `data` (repeatable). Chunks may split anywhere, even inside a CRLF.
 */
export class SseParser {
  private buffer = '';
  private id: string | undefined;
  private event = '';
  private data: string[] = [];
  private sawCr = false;

  /** Feeds decoded text; returns the events completed by it. Throws past {@link MAX_LINE_CHARS}. */
  feed(chunk: string): SseEvent[] {
    const out: SseEvent[] = [];
    let text = chunk;
    if (this.sawCr && text.startsWith('\n')) {
      // The LF of a CRLF whose CR ended the previous chunk.
      text = text.slice(1);
    }
    this.sawCr = false;
    this.buffer += text;
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) {
        break;
      }
      const line = this.buffer.slice(0, end);
      const crlf = this.buffer.startsWith('\r\n', end);
      if (this.buffer[end] === '\r' && !crlf && end === this.buffer.length - 1) {
        this.sawCr = true;
      }
      this.buffer = this.buffer.slice(end + (crlf ? 2 : 1));
      const dispatched = this.line(line);
      if (dispatched) {
        out.push(dispatched);
      }
    }
    if (this.buffer.length > MAX_LINE_CHARS) {
      throw new Error(`an event-stream line is longer than ${MAX_LINE_CHARS} characters`);
    }
    return out;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return undefined;
      }
      const event: SseEvent = {
        id: this.id,
        event: this.event || 'message',
        data: this.data.join('\n'),
      };
      this.id = undefined;
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) {
      return undefined;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) {
      value = value.slice(1);
    }
    if (field === 'data') {
      this.data.push(value);
    } else if (field === 'event') {
      this.event = value;
    } else if (field === 'id' && !value.includes('\0')) {
      this.id = value;
    }
    return undefined;
  }
}
