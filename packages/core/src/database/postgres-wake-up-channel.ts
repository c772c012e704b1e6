import pg from 'pg';
import { type Listening, type WakeUpChannel } from './database';

/** First and longest wait before re-opening a lost LISTEN connection, in ms. */
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN on one dedicated `pg.Client` per listener. A lost connection is re-opened with
 * capped backoff, and the listener is told (`undefined`) so it re-reads the queue: whatever
 * was notified while it was away is found that way (and by the safety sweep regardless).
 */
export class PostgresWakeUpChannel implements WakeUpChannel {
  constructor(
    private readonly config: pg.ClientConfig,
    readonly channel: string,
  ) {}

  async listen(onNotify: (payload: string | undefined) => void): Promise<Listening> {
    let closed = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delay = RECONNECT_MIN_MS;

    const open = async (): Promise<void> => {
      const next = new pg.Client(this.config);
      next.on('notification', (message) => {
        if (message.channel === this.channel) {
          onNotify(message.payload ?? '');
        }
      });
      const lost = (): void => {
        if (closed || client !== next) {
          return;
        }
        client = undefined;
        next.removeAllListeners('end');
        void next.end().catch(() => undefined);
        scheduleReconnect();
      };
      next.on('error', lost);
      next.on('end', lost);
      client = next;
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(this.channel)}`);
      delay = RECONNECT_MIN_MS;
    };

    const scheduleReconnect = (): void => {
      retry = setTimeout(() => {
        retry = undefined;
        open().then(
          () => onNotify(undefined),
          () => {
            client = undefined;
            if (!closed) {
              scheduleReconnect();
            }
          },
        );
      }, delay);
      // A pending reconnect must not keep a stopping process alive.
      retry.unref();
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };

    try {
      await open();
    } catch (error) {
      closed = true;
      await client?.end().catch(() => undefined);
      throw error;
    }
    return {
      close: async () => {
        closed = true;
        if (retry) {
          clearTimeout(retry);
        }
        const current = client;
        client = undefined;
        await current?.end().catch(() => undefined);
      },
    };
  }
}
