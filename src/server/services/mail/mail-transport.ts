import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './outgoing-mail';

/** One outbox row ready to go, with the sender's address and a stable Message-ID. */
export interface MailEnvelope extends OutgoingMail {
  /** The outbox row id: names the .eml file. */
  id: number;
  from: string;
  /** `<…@domain>`; the same on every retry of a row, so a receiver can drop a duplicate. */
  messageId: string;
}

/** Hands a message to whatever delivers mail; resolves once it has been accepted. */
export interface MailTransport {
  /** For the start-up log: where mail goes. */
  readonly description: string;
  send(mail: MailEnvelope): Promise<{ messageId: string }>;
  close(): void;
}

/** Where mail goes as .eml files when there is no SMTP_URL: `<dataDir>/outbox/`. */
export function emlOutboxDir(dataDir: string): string {
  return path.resolve(dataDir, 'outbox');
}

/**
 * SMTP when `smtpUrl` is set; otherwise each message is written as an RFC 822 .eml file
 * under `<dataDir>/outbox/`, named `<outbox id>-<kind>.eml`, which any mail client opens.
 */
export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl)
    : emlFileTransport(emlOutboxDir(options.dataDir));
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Nodemailer's defaults wait up to ten minutes on a silent server; a send must end well
    // inside the sender's lease, or another process could take the row and send it again.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const where = new URL(url);
  return {
    description: `SMTP ${where.protocol}//${where.host}`,
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      return { messageId: info.messageId ?? mail.messageId };
    },
    close: () => transporter.close(),
  };
}

function emlFileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `.eml files in ${dir}`,
    async send(mail) {
      const info = await composer.sendMail(toNodemailer(mail));
      const raw = info.message as Buffer;
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.id}-${safeName(mail.kind)}.eml`);
      // Written whole then renamed: a reader (or a crash) never sees half a message.
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temp, raw);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { messageId: info.messageId ?? mail.messageId };
    },
    close: () => composer.close(),
  };
}

function toNodemailer(mail: MailEnvelope) {
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
      ...(attachment.encoding ? { encoding: attachment.encoding } : {}),
    })),
  };
}

/** A kind is ours ('reset-code'), but a file name never takes path characters from data. */
function safeName(kind: string): string {
  return kind.replace(/[^a-z0-9-]/gi, '_').slice(0, 40) || 'mail';
}
