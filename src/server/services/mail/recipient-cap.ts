import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from '../../repositories/outbox-repository';

/**
 * Mails one mailbox may get in 24 hours from requests nobody signed in to (booking
 * confirmations, Quote Now and Contact Us acknowledgements, reset codes), unless
 * MAIL_RECIPIENT_DAILY_CAP says otherwise. Without it anyone could point the site at a
 * stranger's address and have us mail them without end.
 */
export const RECIPIENT_DAILY_MAIL_CAP = 10;

/**
 * The mailbox an address reaches, for counting: lower case, without a +tag, since
 * `victim+1@…` and `victim+2@…` land in the same inbox at most providers.
 */
export function mailboxKey(address: string): string {
  const email = address.trim().toLowerCase();
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
      return outbox.inTransaction(trx, async (t) => {
        await outbox.lockCapKey(key, t);
        if ((await outbox.countCappedLastDay(key, t)) < perDay) {
          return outbox.enqueue(mail, t, key);
        }
        const id = await outbox.recordSuppressed(
          mail,
          key,
          `over the recipient's daily cap of ${perDay} mails`,
          t,
        );
        logger.warn(
          { outboxId: id, kind: mail.kind, cap: perDay },
          'mail not sent: recipient over its daily cap',
        );
        return id;
      });
    },
  };
}
