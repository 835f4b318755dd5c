import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driversResponseSchema } from '../../src/contract/operator-drivers';
import { startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { testDatabaseKinds } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, guestBooking, signIn } from './operator-fixtures';

/**
 * The Messages page's wording reaches the passenger's mails (issue 35): a saved subject and
 * opening paragraph are used in the next mail of that event, and Reset to default brings back
 * the mail as it always was.
 */
describe.each(testDatabaseKinds())('the operator’s wording in the mails on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    admin = await signIn(t, ADMIN);
  });
  afterAll(async () => t?.close());

  const word = async (event: string, body: { subject: string; intro: string; sms: string }) => {
    const res = await consoleCall(t, 'PUT', `/operator/messages/${event}`, {
      session: admin,
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const mailsTo = (email: string) =>
    t.db.handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('id')
      .execute();
  const passenger = (email: string) => ({
    firstName: 'Nadia',
    surname: 'Words',
    email,
    number: '07700 900555',
    additionalInfo: '',
  });
  const move = (number: string, session: string, status: string, note?: string) =>
    consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
      session,
      body: { status, ...(note ? { note } : {}) },
    });

  it('uses the saved subject and opening paragraph in the next mail of each event', async () => {
    await word('booking_received', {
      subject: 'We have it: {booking_number}',
      intro: 'Thanks, {first_name}. Booking {booking_number} is in; call {company_phone}.',
      sms: 'x',
    });
    await word('booking_confirmed', {
      subject: 'All set for {pickup_time}',
      intro: 'Good news: {booking_number} is confirmed for {pickup_time}.',
      sms: 'x',
    });
    await word('driver_assigned', {
      subject: '{driver_first_name} is your driver ({registration})',
      intro: '{driver_first_name} will collect you in the {vehicle}, {registration}.',
      sms: 'x',
    });
    const email = 'nadia.words@example.co.uk';
    const ride = await guestBooking(t, passenger(email));
    const session = await signIn(t, dispatcherOf(ride.company));
    expect((await move(ride.number, session, 'confirmed')).statusCode).toBe(200);
    const drivers = driversResponseSchema.parse(
      (await consoleCall(t, 'GET', '/operator/drivers', { session })).json(),
    ).data;
    const driver = drivers.find((d) => d.active && d.licence_state !== 'expired')!;
    const assigned = await consoleCall(t, 'POST', `/operator/bookings/${ride.number}/assign`, {
      session,
      body: { driver_id: driver.id, vehicle_registration: driver.vehicle_registration },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const mails = await mailsTo(email);
    const received = mails.find((m) => m.kind === 'booking-confirmation')!;
    expect(received.subject).toBe(`We have it: ${ride.number}`);
    // A mail never carries the name the booker typed: the gap it leaves is tidied away.
    expect(received.text_body).toContain(
      `Thanks. Booking ${ride.number} is in; call +44 20 3865 4120.`,
    );
    expect(received.text_body).not.toContain('Nadia');
    expect(received.text_body).not.toContain('Your booking reference is');

    const confirmed = mails.find((m) => m.kind === 'booking-status-confirmed')!;
    expect(confirmed.subject).toMatch(/^All set for \w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/);
    expect(confirmed.text_body).toContain(`Good news: ${ride.number} is confirmed for `);
    expect(confirmed.text_body).not.toContain('has confirmed your booking');

    const driverMail = mails.find((m) => m.kind === 'booking-status-driver-assigned')!;
    const firstName = driver.name.split(' ')[0]!;
    expect(driverMail.subject).toBe(`${firstName} is your driver (${driver.vehicle_registration})`);
    expect(driverMail.text_body).toContain(
      `${firstName} will collect you in the ${driverMail.text_body.match(/Vehicle: (.+)/)?.[1]?.trim()}, ${driver.vehicle_registration}.`,
    );
  });

  it('uses the saved wording when the operator cancels, and the default again after a reset', async () => {
    await word('booking_cancelled', {
      subject: 'Cancelled: {booking_number}',
      intro: 'We had to cancel {booking_number}. Sorry.',
      sms: 'x',
    });
    const email = 'nadia.cancelled@example.co.uk';
    const ride = await guestBooking(t, passenger(email));
    const session = await signIn(t, dispatcherOf(ride.company));
    expect((await move(ride.number, session, 'cancelled', 'No cars free')).statusCode).toBe(200);
    const cancelled = (await mailsTo(email)).find((m) => m.kind === 'booking-status-cancelled')!;
    expect(cancelled.subject).toBe(`Cancelled: ${ride.number}`);
    expect(cancelled.text_body).toContain(`We had to cancel ${ride.number}. Sorry.`);
    expect(cancelled.text_body).toContain('Reason: No cars free');

    for (const event of ['booking_received', 'booking_confirmed']) {
      const reset = await consoleCall(t, 'DELETE', `/operator/messages/${event}`, {
        session: admin,
      });
      expect(reset.statusCode).toBe(200);
    }
    const again = 'nadia.again@example.co.uk';
    const next = await guestBooking(t, passenger(again));
    const nextSession = await signIn(t, dispatcherOf(next.company));
    expect((await move(next.number, nextSession, 'confirmed')).statusCode).toBe(200);
    const [first, confirmed] = await mailsTo(again);
    expect(first!.subject).toBe(`Booking received: ${next.number}`);
    expect(first!.text_body).toContain(`Thank you. Your booking reference is ${next.number}.`);
    expect(confirmed!.subject).toBe(`Your booking ${next.number} is confirmed`);
    expect(confirmed!.text_body).toContain(`has confirmed your booking ${next.number}.`);
  });
});
