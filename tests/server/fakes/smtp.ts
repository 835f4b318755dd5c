import type { AddressInfo, Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * How the server treats a session, besides `refusing`:
 * - 'accept': answers normally, keeping every message.
 * - 'drop-in-session': cuts the connection at MAIL FROM, before any message is sent.
 * - 'fail-data': takes the whole message, then answers 451 (a temporary failure, not accepted).
 * - 'drop-after-data': takes the whole message, then cuts the connection without answering.
 * - 'hold': takes the whole message and never answers (a stalled server).
 * Messages taken whole but not accepted are kept in `unacknowledged`: a real server might
 * still deliver such a message, and a resend of it is then a duplicate.
 */
export type FakeSmtpMode = 'accept' | 'drop-in-session' | 'fail-data' | 'drop-after-data' | 'hold';

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package), keeping every message it accepts,
 * parsed with mailparser. It can refuse recipients (a 451, as a busy server does), misbehave
 * as `mode` says, and be stopped and started again on the same port, to test retries against
 * a real wire.
 */
export interface FakeSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** Every message accepted, in order. */
  readonly messages: ParsedMail[];
  /** While true, every recipient is refused with 451, so no message is accepted. */
  refusing: boolean;
  /** Recipients refused so far. */
  readonly refusals: number;
  /** 'accept' unless set; see FakeSmtpMode. */
  mode: FakeSmtpMode;
  /** Messages received whole but not accepted ('fail-data', 'drop-after-data', 'hold'). */
  readonly unacknowledged: ParsedMail[];
  /** Connections opened so far. */
  readonly connections: number;
  /** Cuts every open connection (a held one, say) at once. */
  dropAll(): void;
  /**
   * Called with each accepted message before its 250 is written; the 250 waits for a returned
   * promise. A test kills the sender there: the message is kept, and the sender never learns so.
   */
  onAccepted: ((mail: ParsedMail) => void | Promise<void>) | undefined;
  /** Stops listening: the port refuses connections until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ParsedMail[] = [];
  const unacknowledged: ParsedMail[] = [];
  /** Open sockets by the client's port, to cut a session's connection. */
  const sockets = new Map<number, Socket>();
  let connections = 0;
  let refusals = 0;
  let server: SMTPServer | undefined;
  let port = 0;

  const state = {
    refusing: false,
    mode: 'accept' as FakeSmtpMode,
    onAccepted: undefined as ((mail: ParsedMail) => void | Promise<void>) | undefined,
  };
  const cut = (session: { remotePort: number }) => sockets.get(session.remotePort)?.destroy();

  const listen = async () => {
    const next = new SMTPServer({
      authOptional: true,
      // Plain text on loopback: the client must not try to upgrade to TLS.
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onMailFrom(_address, session, callback) {
        if (state.mode === 'drop-in-session') cut(session);
        else callback();
      },
      onRcptTo(_address, _session, callback) {
        if (state.refusing) {
          refusals += 1;
          const error = new Error('Mailbox temporarily unavailable') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        // The mode when the message began; the whole message is read whatever it is.
        const mode = state.mode;
        simpleParser(stream).then(
          (mail) => {
            if (mode === 'accept') {
              messages.push(mail);
              const answer = () => callback();
              // Written only while the connection is open (smtp-server checks), so a 250
              // after the sender was killed goes nowhere.
              void Promise.resolve(state.onAccepted?.(mail)).then(answer, answer);
              return;
            }
            unacknowledged.push(mail);
            if (mode === 'fail-data') {
              const error = new Error('Local error in processing') as Error & {
                responseCode: number;
              };
              error.responseCode = 451;
              callback(error);
            } else if (mode === 'drop-after-data') {
              cut(session);
            }
            // 'hold': no answer at all.
          },
          (error: Error) => callback(error),
        );
      },
    });
    next.server.on('connection', (socket: Socket) => {
      connections += 1;
      const clientPort = socket.remotePort ?? 0;
      sockets.set(clientPort, socket);
      socket.once('close', () => sockets.delete(clientPort));
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        resolve();
      });
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };

  await listen();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    messages,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    get refusals() {
      return refusals;
    },
    get mode() {
      return state.mode;
    },
    set mode(value: FakeSmtpMode) {
      state.mode = value;
    },
    unacknowledged,
    get connections() {
      return connections;
    },
    get onAccepted() {
      return state.onAccepted;
    },
    set onAccepted(value: ((mail: ParsedMail) => void | Promise<void>) | undefined) {
      state.onAccepted = value;
    },
    dropAll() {
      for (const socket of sockets.values()) socket.destroy();
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
