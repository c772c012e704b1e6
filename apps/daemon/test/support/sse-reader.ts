/** Reads a server-sent-events response as text, waiting for content (never for time). */
export class SseReader {
  text = '';
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();

  constructor(readonly response: Response) {
    if (!response.body) {
      throw new Error('no body');
    }
    this.reader = response.body.getReader();
  }

  static async open(url: string, token: string, lastEventId?: string): Promise<SseReader> {
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      },
    });
    return new SseReader(response);
  }

  /** `data:` payloads received so far, parsed. */
  events<
    T = { type: string; aggregateId: string; occurredAt: string; payload: Record<string, unknown> },
  >(): T[] {
    return this.text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as T);
  }

  /** The `id:` values received so far, in order. */
  ids(): string[] {
    return this.text
      .split('\n')
      .filter((line) => line.startsWith('id: '))
      .map((line) => line.slice(4));
  }

  /** Reads until `done(text)` holds; throws if the stream ends first. */
  async until(done: (text: string) => boolean): Promise<void> {
    while (!done(this.text)) {
      const { value, done: ended } = await this.reader.read();
      if (ended) {
        throw new Error(`stream ended before the condition held; got:\n${this.text}`);
      }
      this.text += this.decoder.decode(value, { stream: true });
    }
  }

  /** Resolves when the server ends the stream. */
  async ended(): Promise<void> {
    for (;;) {
      const { value, done } = await this.reader.read();
      if (done) {
        return;
      }
      this.text += this.decoder.decode(value, { stream: true });
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel();
  }
}
