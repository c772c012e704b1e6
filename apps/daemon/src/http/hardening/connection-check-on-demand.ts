import { type Server } from 'node:http';
import { type Socket } from 'node:net';

/** Node's own property holding the server's connections-checking interval (lib/_http_server.js). */
const CHECKING_INTERVAL = 'http.server.connectionsCheckingInterval';

/** What {@link checkConnectionsOnDemand} reports, for tests. */
export interface ConnectionCheck {
  /** Whether the check's timer is armed now. */
  readonly armed: () => boolean;
  /** False when Node's interval could not be found: then Node's own runs as before. */
  readonly onDemand: boolean;
}

/** Work that runs only while at least one connection is open (e.g. event-loop delay sampling). */
export interface WhileConnected {
  /** The first connection opened. */
  start(): void;
  /** The last connection closed. */
  stop(): void;
}

/**
 * Node enforces `headersTimeout` and `requestTimeout` with an interval that runs from `listen`
 * to `close` whether or not a connection is open: a daemon with no client woke every
 * `connectionsCheckingInterval` (1 s) for nothing (issue 28 item 6). Once the server listens,
 * its interval is stopped and the very same check (Node's function) runs on a timer of the
 * same period that is armed only while at least one connection is open — every connection it
 * could expire — so slow clients are cut off exactly as before and an idle daemon does not wake.
 * `whileConnected` is started with the first connection and stopped with the last.
 * If a future Node stores its interval differently, Node's own keeps running (only the idle
 * wake-ups come back).
 */
export function checkConnectionsOnDemand(
  server: Server,
  periodMs: number,
  whileConnected?: WhileConnected,
): ConnectionCheck {
  let check: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let open = 0;
  const state = { onDemand: false };

  server.once('listening', () => {
    // Node's own 'listening' listener (added in the constructor) has armed its interval by now.
    const holder = server as unknown as Record<symbol, unknown>;
    const key = Object.getOwnPropertySymbols(server).find(
      (s) => s.description === CHECKING_INTERVAL,
    );
    const interval = key === undefined ? undefined : holder[key];
    const onTimeout = (interval as { _onTimeout?: unknown } | undefined)?._onTimeout;
    if (typeof onTimeout !== 'function') {
      return;
    }
    clearInterval(interval as NodeJS.Timeout);
    check = onTimeout as () => void;
    state.onDemand = true;
    if (open > 0) {
      arm();
    }
  });

  function arm(): void {
    if (timer || !check) {
      return;
    }
    const run = check;
    timer = setTimeout(() => {
      run();
      timer?.refresh();
    }, periodMs);
    timer.unref();
  }

  server.on('connection', (socket: Socket) => {
    if (open++ === 0) {
      whileConnected?.start();
    }
    arm();
    socket.once('close', () => {
      if (--open > 0) {
        return;
      }
      whileConnected?.stop();
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
    });
  });
  server.once('close', () => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    check = undefined;
  });

  return {
    armed: () => timer !== undefined,
    get onDemand() {
      return state.onDemand;
    },
  };
}
