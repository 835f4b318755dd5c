import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxRepository } from '../../src/server/repositories/outbox-repository';
import { bookingCompletedMail } from '../../src/server/services/mail/lifecycle-mails';
import { bookingReceiptPdf } from '../../src/server/services/receipts/booking-receipt';
import { startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { returnBookingMailData } from './mail-fixtures';
import { readPdf, receiptInput } from './receipt-fixtures';

/** The completed return trip's mail data and its receipt, as the status change will make them. */
async function completedMail() {
  const input = { ...returnBookingMailData({ status: 'completed' }), sequence: 3 };
  const receipt = await bookingReceiptPdf(receiptInput({ data: input.data }));
  return { mail: bookingCompletedMail(input, receipt), receipt };
}

describe('journey completed mail', () => {
  it('thanks the passenger and attaches the receipt as a PDF', async () => {
    const { mail } = await completedMail();
    expect(mail.kind).toBe('booking-status-completed');
    expect(mail.to).toBe('alice.smith@example.co.uk');
    // About the passenger's own ride: never held back by the recipient cap.
    expect(mail.capped).toBe(false);
    expect(mail.subject).toBe('Your receipt for booking RB7K4Q9M');
    expect(mail.text).toMatch(/^Thank you for travelling with us\n/);
    expect(mail.text).toContain('Your journey with Thames Executive Cars is completed.');
    expect(mail.text).toContain('Status: Completed');
    expect(mail.text).toContain('Your receipt for booking RB7K4Q9M is attached as a PDF.');
    expect(mail.html).toContain('<h1 style="font-size:20px">Thank you for travelling with us</h1>');

    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments!;
    expect(attachment).toMatchObject({
      filename: 'receipt-RB7K4Q9M.pdf',
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    const pdf = Buffer.from(attachment!.content, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await readPdf(pdf)).text).toContain('Reference ID RB7K4Q9M');
  });
});

describe.each(testDatabaseKinds())('a PDF attachment through the outbox on %s', (kind) => {
  let t: TestApp;
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('ridebook-receipt-mail');
    t = await startTestApp(kind, {
      // 0: no background delivery; the test drains the outbox itself.
      env: { DATA_DIR: data.dir, MAIL_POLL_INTERVAL_MS: '0' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await data?.remove();
  });

  it('is stored as base64 text and delivered as the same bytes', async () => {
    const { mail, receipt } = await completedMail();
    const outbox = createOutboxRepository(t.db.handle.db);
    const id = await outbox.enqueue(mail);

    const row = await t.db.handle.db
      .selectFrom('outbox')
      .select('attachments')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.attachments).toEqual(mail.attachments);

    expect(await t.app.mailSender.drain()).toEqual({ sent: 1, failed: 0 });
    const eml = await readFile(path.join(data.dir, 'outbox', `${id}-booking-status-completed.eml`));
    const parsed = await simpleParser(eml);
    expect(parsed.subject).toBe('Your receipt for booking RB7K4Q9M');
    const [attachment] = parsed.attachments;
    expect(attachment?.filename).toBe('receipt-RB7K4Q9M.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(Buffer.compare(attachment!.content, receipt)).toBe(0);
  });
});
