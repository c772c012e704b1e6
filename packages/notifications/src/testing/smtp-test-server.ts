import { type AddressInfo, type Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** What the server does with one message's DATA. */
export type SmtpDataBehaviour =
  | 'accept'
  /** Cuts the connection after the first chunk of the message, before any reply. */
  | 'drop'
  /** Reads the whole message and never replies (a server that stalls before its 250). */
  | 'hang'
  /** Answers with this SMTP reply code (4xx transient, 5xx permanent) after reading it. */
  | { readonly code: number; readonly message: string };

/** One DATA the server began to read, accepted or not. */
export interface SmtpDataAttempt {
  readonly behaviour: SmtpDataBehaviour;
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  /** The message text as far as it arrived (all of it unless dropped). */
  raw: string;
}

/** A message the server accepted (250), parsed. */
export interface ReceivedMail {
  readonly envelope: SmtpDataAttempt['envelope'];
  readonly raw: string;
  readonly parsed: ParsedMail;
}

/** A real SMTP server on 127.0.0.1 in the test process (`smtp-server`, messages parsed by `mailparser`). */
export interface SmtpTestServer {
  /** `smtp://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Every DATA begun, in order (dropped and refused ones too). */
  readonly attempts: SmtpDataAttempt[];
  /** Accepted messages, in order. */
  readonly messages: ReceivedMail[];
  /** Decides each DATA's fate by its index among attempts (default `accept`). */
  onData: (index: number) => SmtpDataBehaviour;
  /** Resolves when `count` messages were accepted. */
  waitForMessages(count: number): Promise<ReceivedMail[]>;
  /**
   * Confirmation codes mailed (an email subscription's, issue 29), in order. They are kept out
   * of {@link attempts} and {@link messages}, which hold what the channel delivered.
   */
  readonly confirmations: { readonly to: string; readonly code: string }[];
  /** The last confirmation code mailed to `address`. */
  confirmationCode(address: string): string | undefined;
  close(): Promise<void>;
}

function envelopeOf(session: SMTPServerSession): SmtpDataAttempt['envelope'] {
  const from = session.envelope.mailFrom;
  return {
    from: from === false ? '' : from.address,
    to: session.envelope.rcptTo.map((r) => r.address),
  };
}

/**
 * Starts a plain local SMTP server (`authOptional`, STARTTLS disabled, as TOOLCHAIN.md tried)
 * whose DATA behaviour a test scripts: accept, refuse with a code, or drop the connection in the
 * middle of the message.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const sockets = new Map<number, Socket>();
  const attempts: SmtpDataAttempt[] = [];
  const messages: ReceivedMail[] = [];
  const waiters: { count: number; resolve: (all: ReceivedMail[]) => void }[] = [];
  const confirmations: { to: string; code: string }[] = [];
  const harness = { onData: ((): SmtpDataBehaviour => 'accept') as SmtpTestServer['onData'] };

  function onData(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): void {
    const index = attempts.length;
    const behaviour = harness.onData(index);
    const attempt: SmtpDataAttempt = { behaviour, envelope: envelopeOf(session), raw: '' };
    attempts.push(attempt);
    stream.on('data', (chunk: Buffer) => {
      attempt.raw += chunk.toString('utf8');
      if (behaviour === 'drop') {
        sockets.get(session.remotePort)?.destroy();
      }
    });
    stream.on('end', () => {
      if (behaviour === 'drop' || behaviour === 'hang') {
        return;
      }
      if (behaviour !== 'accept') {
        callback(Object.assign(new Error(behaviour.message), { responseCode: behaviour.code }));
        return;
      }
      const code = /^Subject: Your Tickler confirmation code: (\w+)\r?$/m.exec(attempt.raw)?.[1];
      if (code !== undefined) {
        attempts.splice(attempts.indexOf(attempt), 1);
        confirmations.push({ to: attempt.envelope.to[0] ?? '', code });
        callback(null);
        return;
      }
      void simpleParser(attempt.raw).then((parsed) => {
        messages.push({ envelope: attempt.envelope, raw: attempt.raw, parsed });
        callback(null);
        for (const waiter of waiters.filter((w) => messages.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve([...messages]);
        }
      }, callback);
    });
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData,
  });
  server.on('error', () => undefined);
  server.server.on('connection', (socket: Socket) => {
    const port = socket.remotePort ?? 0;
    sockets.set(port, socket);
    socket.on('close', () => sockets.delete(port));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return Object.assign(harness, {
    url: `smtp://127.0.0.1:${port}`,
    port,
    attempts,
    messages,
    confirmations,
    confirmationCode: (address: string) =>
      confirmations.filter((c) => c.to === address).at(-1)?.code,
    waitForMessages(count: number): Promise<ReceivedMail[]> {
      if (messages.length >= count) {
        return Promise.resolve([...messages]);
      }
      return new Promise<ReceivedMail[]>((resolve) => waiters.push({ count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets.values()) {
          socket.destroy();
        }
        server.close(() => resolve());
      }),
  });
}
