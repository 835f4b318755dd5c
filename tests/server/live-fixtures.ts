import { expect } from 'vitest';
import { liveEventSchema, type LiveEvent } from '../../src/contract/driver';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { DEMO_DRIVERS } from '../../src/server/db/seed-data/operator-accounts';
import { driverSignIn, giveDriverLogin, seededDriver } from './driver-fixtures';
import type { TestApp } from './helpers';
import { carBooking } from './manage-booking-fixtures';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';

/**
 * A real Server-Sent Events client over fetch, as a page's EventSource reads the stream: the
 * `retry:` line, the events (JSON per liveEventSchema) and the comment lines, in order.
 */
export interface EventReader {
  response: Response;
  retryMs: number | undefined;
  events: LiveEvent[];
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Waits for an event matching `match` (after the first `skip` events), or fails. */
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

/** Parses one block of lines up to a blank line into the reader's lists. */
function readBlock(block: string, reader: EventReader): void {
  for (const line of block.split('\n')) {
    if (line.startsWith('retry: ')) reader.retryMs = Number(line.slice(7));
    else if (line.startsWith(':')) reader.comments.push(line.slice(1).trim());
    else if (line.startsWith('data: ')) {
      reader.events.push(liveEventSchema.parse(JSON.parse(line.slice(6))));
    }
  }
}

/**
 * Opens an event stream with `headers` and, when it is 200, reads it until the server says it
 * is listening (": connected"), so nothing sent after this resolves is missed.
 */
export async function openEvents(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  let endedResolve!: () => void;
  const reader: EventReader = {
    response,
    retryMs: undefined,
    events: [],
    comments: [],
    ended: new Promise<void>((resolve) => (endedResolve = resolve)),
    async next(match, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = reader.events.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no matching event within ${timeoutMs} ms: ${JSON.stringify(reader.events)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) {
    endedResolve();
    return reader;
  }
  const body = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pump = async () => {
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          readBlock(buffer.slice(0, end), reader);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close(), or the connection went.
    } finally {
      endedResolve();
    }
  };
  void pump();
  const deadline = Date.now() + 5_000;
  while (!reader.comments.includes('connected')) {
    if (Date.now() > deadline) throw new Error('the stream never said it was listening');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return reader;
}

/** A company's first driver whose licence is good for a long while, as seeded. */
export function longLicensedDriverOf(company: string) {
  const found = DEMO_DRIVERS.find((d) => d.company === company && d.expiresInDays > 60);
  if (!found) throw new Error(`No long-licensed demo driver for ${company}`);
  return found;
}

/** A dispatcher's move of a job through the console's API. */
export async function moveJob(t: TestApp, session: string, ref: string, status: BookingStatus) {
  const res = await consoleCall(t, 'POST', `/operator/jobs/${ref}/status`, {
    session,
    body: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A passenger's booking (pay in car) confirmed and given a driver who can sign in to the app:
 * its number and manage token, the company's dispatcher's session, and the driver's.
 */
export async function bookingWithDriver(t: TestApp, email: string) {
  const { number, token } = await carBooking(t);
  const booking = await t.db.handle.db
    .selectFrom('bookings')
    .innerJoin('companies', 'companies.id', 'bookings.company_id')
    .select(['bookings.id', 'bookings.company_id', 'companies.name as company'])
    .where('booking_number', '=', number)
    .executeTakeFirstOrThrow();
  const office = await signIn(t, dispatcherOf(booking.company));
  const demo = longLicensedDriverOf(booking.company);
  const driver = await seededDriver(t, demo.name);
  const driverSession = await driverSignIn(t, await giveDriverLogin(t, driver.id, email));
  await moveJob(t, office, number, 'confirmed');
  const assigned = await consoleCall(t, 'POST', `/operator/jobs/${number}/assign`, {
    session: office,
    body: { driver_id: driver.id, vehicle_registration: demo.registration },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { number, token, booking, office, driver: { ...driver, ...demo }, driverSession };
}
