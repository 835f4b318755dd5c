import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { API_PATHS } from '../../src/contract/paths';
import { postApi, quotedBooking, weekAheadForm } from '../support/priced-journey';

/**
 * What the browser tests of booking read or set up outside the browser: a passenger account
 * made through the real API, and the mail the server wrote to DATA_DIR/outbox (no SMTP_URL).
 */

/** Registers a passenger as a visitor would: a new client's pay-in-car booking. */
export async function registerPassenger(base: string, email: string, password: string) {
  const quoted = await quotedBooking(
    base,
    weekAheadForm('London Paddington Station', 'Heathrow Airport Terminal 5'),
  );
  await postApi(base, API_PATHS.booking, {
    ...quoted,
    registrationData: {
      firstName: 'Olivia',
      surname: 'Bennett',
      email,
      number: '+44 7700 900456',
      password,
      privacyAccepted: true,
      termsAccepted: true,
    },
    payment_method: 'car',
    selected_passenger: 'new_client',
  });
}

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  attachments: string[];
}

/** Every message the server has written to `<dataDir>/outbox/` so far, parsed. */
export async function readOutbox(dataDir: string): Promise<SentMail[]> {
  const dir = join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    files.sort().map(async (file) => {
      const parsed = await simpleParser(await readFile(join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      return {
        file,
        to: to?.text ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        attachments: parsed.attachments.map((a) => a.filename ?? ''),
      };
    }),
  );
}
