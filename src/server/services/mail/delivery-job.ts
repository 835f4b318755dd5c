import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { JobQueue } from '../job-queue/job-queue';

/**
 * The outbox with a delivery job added beside each mail, in the same transaction (issue 35):
 * once the change commits, whichever process's worker is free runs a delivery pass, and a mail
 * rolled back with its change leaves no job behind. The outbox row stays the mail's record:
 * its lease keeps a second pass off it, and its own backoff times the retries.
 */
export function withDeliveryJob(outbox: OutboxRepository, queue: JobQueue): OutboxRepository {
  return {
    ...outbox,
    async enqueue(mail, trx, capKey) {
      const id = await outbox.enqueue(mail, trx, capKey);
      await queue.add('mail-outbox', {}, { trx });
      return id;
    },
  };
}
