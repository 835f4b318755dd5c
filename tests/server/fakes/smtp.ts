import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package), keeping every message it accepts,
 * parsed with mailparser. It can refuse recipients (a 451, as a busy server does) and be
 * stopped and started again on the same port, to test retries against a real wire.
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
  /** Stops listening: the port refuses connections until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ParsedMail[] = [];
  let refusals = 0;
  let server: SMTPServer | undefined;
  let port = 0;

  const state = {
    refusing: false,
  };

  const listen = async () => {
    const next = new SMTPServer({
      authOptional: true,
      // Plain text on loopback: the client must not try to upgrade to TLS.
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
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
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            messages.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
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
