import type { FastifyBaseLogger } from 'fastify';
import addressparser from 'nodemailer/lib/addressparser';
import { emailKey } from '../../../domain/email';
import type { OutboxRepository } from '../../repositories/outbox-repository';

/**
 * Mails one mailbox may get in 24 hours from requests nobody signed in to (booking
 * confirmations, Quote Now and Contact Us acknowledgements, reset codes), unless
 * MAIL_RECIPIENT_DAILY_CAP says otherwise. Without it anyone could point the site at a
 * stranger's address and have us mail them without end.
 */
export const RECIPIENT_DAILY_MAIL_CAP = 10;

/**
 * The mailboxes a recipient text is delivered to, as the mail library reads it: a comment or a
 * display name is dropped (`victim(1)@x.example` and `Name<victim@x.example>` both reach
 * `victim@x.example`), a list names several. Requests accept plain mailboxes only
 * (domain/email.ts), which reach themselves; this is what an older row, or any text that got
 * past them, would reach.
 */
export function deliveredMailboxes(to: string): string[] {
  return addressparser(to, { flatten: true })
    .map((entry) => entry.address.trim())
    .filter((address) => address !== '');
}

/**
 * The mailbox an address reaches, for counting: the delivered address, trimmed and lower-cased
 * (emailKey), without a +tag, since `victim+1@…` and `victim+2@…` land in the same inbox at
 * most providers.
 */
export function mailboxKey(address: string): string {
  const [delivered] = deliveredMailboxes(address);
  const email = emailKey(delivered ?? address);
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`;
}

/**
 * The outbox with the daily cap applied at the one place every mail is queued: a capped mail
 * over the cap is recorded as 'suppressed' (with the reason, without its body) and logged,
 * while the request that caused it goes on as usual. Counting and queueing happen under a
 * per-mailbox lock in the caller's transaction, so concurrent requests cannot both slip past.
 * `perDay` 0 turns the cap off.
 */
export function withRecipientCap(
  outbox: OutboxRepository,
  options: { perDay: number; logger: FastifyBaseLogger },
): OutboxRepository {
  const { perDay, logger } = options;
  if (perDay === 0) return outbox;
  return {
    ...outbox,
    async enqueue(mail, trx) {
      if (mail.capped === false) return outbox.enqueue(mail, trx);
      const key = mailboxKey(mail.to);
      // A recipient text naming several mailboxes would be counted for one and sent to all.
      const several = deliveredMailboxes(mail.to).length > 1;
      return outbox.inTransaction(trx, async (t) => {
        await outbox.lockCapKey(key, t);
        if (!several && (await outbox.countCappedLastDay(key, t)) < perDay) {
          return outbox.enqueue(mail, t, key);
        }
        const reason = several
          ? 'the recipient names more than one mailbox'
          : `over the recipient's daily cap of ${perDay} mails`;
        const id = await outbox.recordSuppressed(mail, key, reason, t);
        logger.warn(
          { outboxId: id, kind: mail.kind, cap: perDay },
          several
            ? 'mail not sent: recipient names more than one mailbox'
            : 'mail not sent: recipient over its daily cap',
        );
        return id;
      });
    },
  };
}
