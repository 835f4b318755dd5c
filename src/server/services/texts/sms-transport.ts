import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';

export interface OutgoingText {
  /** The text_messages row: names the file. */
  id: number;
  event: string;
  to: string;
  body: string;
  /** Where Twilio reports delivery (only with PUBLIC_URL: Twilio must reach it). */
  statusCallback?: string;
}

/** Why a text can never go to this number: not retried, and the passenger's pages say so. */
export class NumberCannotTakeTexts extends Error {}

export interface SmsTransport {
  description: string;
  /** The provider's id for the message; throws NumberCannotTakeTexts, or anything to retry. */
  send(text: OutgoingText): Promise<string>;
  /**
   * The provider's id for this text if it already has it (made on or after `since`): a try
   * whose answer was lost may have sent it. Null when it has not.
   */
  findSent(text: OutgoingText, since: Date): Promise<string | null>;
}

/** Twilio's error codes for a number that will never take a text (not worth a retry). */
const PERMANENT_CODES = new Set([21211, 21212, 21214, 21217, 21407, 21408, 21610, 21612, 21614]);

/** Where texts go as files without Twilio: `<dataDir>/outbox/sms/`. */
export function smsOutboxDir(dataDir: string): string {
  return path.resolve(dataDir, 'outbox', 'sms');
}

/** Twilio when its account, token and sender are all set; otherwise files under DATA_DIR. */
export function createSmsTransport(config: {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM?: string | undefined;
  TWILIO_API_BASE_URL?: string | undefined;
  DATA_DIR: string;
}): SmsTransport {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from } = config;
  if (sid && token && from) return twilioTransport(sid, token, from, config.TWILIO_API_BASE_URL);
  return fileTransport(smsOutboxDir(config.DATA_DIR));
}

/**
 * The SDK's own HTTP client, with its calls sent to `baseUrl` instead of Twilio's hosts: the
 * SDK's documented way to change how it reaches Twilio (a custom httpClient). Tests only.
 */
class RedirectedClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super();
  }
  override request<T>(opts: RequestClient.RequestOptions<T>) {
    const uri = new URL(opts.uri);
    const base = new URL(this.baseUrl);
    uri.protocol = base.protocol;
    uri.host = base.host;
    opts.uri = uri.toString();
    return super.request<T>(opts);
  }
}

function twilioTransport(sid: string, token: string, from: string, baseUrl?: string): SmsTransport {
  const client = twilio(sid, token, {
    httpClient: baseUrl ? new RedirectedClient(baseUrl) : undefined,
    timeout: 10_000,
  });
  return {
    description: `Twilio (${from})`,
    async send(text) {
      try {
        const message = await client.messages.create({
          to: text.to,
          from,
          body: text.body,
          statusCallback: text.statusCallback,
        });
        return message.sid;
      } catch (error) {
        const code = (error as { code?: number }).code;
        if (code !== undefined && PERMANENT_CODES.has(code)) {
          throw new NumberCannotTakeTexts(
            `Twilio refused the number (error ${code}): ${(error as Error).message}`,
          );
        }
        throw error;
      }
    },
    async findSent(text, since) {
      // Newest first; Twilio keeps the body as sent. A queued message has no DateSent yet, so
      // the time is checked on its creation, here.
      const recent = await client.messages.list({ to: text.to, from, limit: 50 });
      const same = recent.find(
        (message) => message.body === text.body && message.dateCreated >= floorSecond(since),
      );
      return same?.sid ?? null;
    },
  };
}

/** Twilio's dates are whole seconds. */
const floorSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

function fileTransport(dir: string): SmsTransport {
  const fileOf = (text: OutgoingText) => `${text.id}-${text.event}.txt`;
  return {
    description: `files in ${dir}`,
    async send(text) {
      await mkdir(dir, { recursive: true });
      const name = fileOf(text);
      // Written whole or not at all: a reader (and findSent) never meets half a text.
      const partial = path.join(dir, `.${name}.${process.pid}.partial`);
      await writeFile(partial, `To: ${text.to}\n\n${text.body}\n`);
      await rename(partial, path.join(dir, name));
      return name;
    },
    async findSent(text) {
      const name = fileOf(text);
      return (await stat(path.join(dir, name)).catch(() => null)) ? name : null;
    },
  };
}
