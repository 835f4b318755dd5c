import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxRepository } from '../../src/server/repositories/outbox-repository';
import { createMailSender, retryDelayMs } from '../../src/server/services/mail/mail-sender';
import type { MailTransport } from '../../src/server/services/mail/mail-transport';
import { resetCodeMail } from '../../src/server/services/mail/reset-code-mail';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';

/** Records what it is handed, yielding between messages so concurrent senders interleave. */
function recordingTransport(sent: number[]): MailTransport {
  return {
    description: 'memory',
    async send(mail) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(mail.id);
      return { messageId: mail.messageId };
    },
    close() {},
  };
}

describe('retry schedule', () => {
  it('doubles from 15 seconds and never waits more than 10 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 30].map(retryDelayMs)).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000,
    ]);
  });
});

describe.each(testDatabaseKinds())('several senders on one outbox (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { MAIL_POLL_INTERVAL_MS: '0' } });
  });
  afterAll(async () => t?.close());

  it('sends each message once when three processes drain at the same time', async () => {
    const outbox = createOutboxRepository(t.db.handle.db);
    const ids: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      ids.push(
        await outbox.enqueue(
          resetCodeMail({ to: `p${i}@example.com`, code: '123456', validMinutes: 10 }),
        ),
      );
    }
    const sent: number[] = [];
    const senders = Array.from({ length: 3 }, () =>
      createMailSender({
        outbox: createOutboxRepository(t.db.handle.db),
        transport: recordingTransport(sent),
        fromAddress: async () => 'bookings@ridebook.example',
        clock: () => new Date(),
        logger: t.app.log,
      }),
    );
    const results = await Promise.all(senders.map((sender) => sender.drain()));

    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(45);
    expect([...sent].sort((a, b) => a - b)).toEqual(ids);
    const rows = await t.db.handle.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
