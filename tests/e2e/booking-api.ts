import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { API_HEADERS } from './harness';

/**
 * What the browser tests of booking read or set up outside the browser: a passenger account
 * made through the real API, and the mail the server wrote to DATA_DIR/outbox (no SMTP_URL).
 */

async function post(base: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...API_HEADERS },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Registers a passenger as a visitor would: a new client's pay-in-car booking. */
export async function registerPassenger(base: string, email: string, password: string) {
  const date = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const form = {
    pickup: 'London Paddington Station',
    dropoff: 'Heathrow Airport Terminal 5',
    pickup_date: date,
    pickup_hour: '10am',
    pickup_min: '15',
    passengers: '1',
    select_option: 'one_way',
  };
  const prices = (await post(base, API_PATHS.calculateDistancePrice, form)) as {
    price_details: { vehicle_id: number; company_id: number }[];
  };
  const offer = prices.price_details[0];
  if (!offer) throw new Error('no offers');
  const quote = (await post(base, API_PATHS.calculateSelectedVehiclePrice, {
    bookingType: 'milleage',
    bookingForm: form,
    vehicle_id: offer.vehicle_id,
    company_id: offer.company_id,
    vehicle_count: 1,
  })) as { quote_id: string };
  await post(base, API_PATHS.booking, {
    selectedVehicleData: { ...offer, quote_id: quote.quote_id, vehicle_count: 1 },
    selectedVehicle: 1,
    bookingType: 'milleage',
    bookingForm: form,
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
