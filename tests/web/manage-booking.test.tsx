import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagedBooking } from '../../src/contract/manage-booking';
import { API_PATHS } from '../../src/contract/paths';
import { POLICY_MESSAGES } from '../../src/domain/booking-policy';
import { clearSession, saveSession } from '../../src/web/features/corporate/lib/session';
import { saveBookingCopy } from '../../src/web/features/manage-booking/lib/stored-bookings';
import { browserWindow } from '../../src/web/lib/checkout-redirect';
import { db } from '../../src/web/offline/db';
import { demoSettings, renderApp, preloadPages } from './helpers';
import {
  answerManageCalls,
  BOOKING_NUMBER,
  heldReply,
  MANAGE_TOKEN,
  managedBooking,
  NOT_FOUND,
  PASSENGER_EMAIL,
} from './manage-booking-fixtures';
import { corporateBooking, answerCorporateCalls, passenger, TOKEN } from './corporate-fixtures';

preloadPages('/manage-booking', '/manage-booking/1');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PAGE = `/manage-booking/${BOOKING_NUMBER}`;

beforeEach(async () => {
  await db.managedBookings.clear();
  await clearSession();
});

/** The value beside a label in a description list. */
function valueOf(container: HTMLElement, label: string): string | null {
  const term = within(container).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

/** The status line's text, e.g. 'Status:Pending'. */
function statusNow(): string | null | undefined {
  const region = screen.getByRole('region', { name: 'Status' });
  return within(region).getByText('Status:').parentElement?.textContent;
}

const bookingReply =
  (booking: ManagedBooking = managedBooking()) =>
  () => ({
    body: { success: true, booking },
  });

/** The booking page opened from the mail link, once it shows the booking. */
async function openFromMailLink(server: Parameters<typeof answerManageCalls>[0] = {}) {
  const fake = answerManageCalls({ booking: bookingReply(), ...server });
  const app = renderApp(`${PAGE}?token=${MANAGE_TOKEN}`);
  await screen.findByRole('region', { name: 'Status' });
  return { ...app, fake };
}

describe('finding a booking by reference and email', () => {
  it('keeps the token on this device and opens the booking', async () => {
    const fake = answerManageCalls({
      lookup: () => ({
        body: { success: true, manage_token: MANAGE_TOKEN, booking: managedBooking() },
      }),
      booking: bookingReply(),
    });
    const { user, router } = renderApp('/manage-booking');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage your booking' }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Reference ID'), ` ${BOOKING_NUMBER} `);
    await user.type(screen.getByLabelText('Email'), PASSENGER_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: `Booking ${BOOKING_NUMBER}` }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(PAGE);
    expect(fake.to(API_PATHS.manageBookingLookup).map((r) => r.body)).toEqual([
      { booking_number: BOOKING_NUMBER, email: PASSENGER_EMAIL },
    ]);
    expect((await db.managedBookings.get(BOOKING_NUMBER))?.token).toBe(MANAGE_TOKEN);
    expect(await screen.findByText('Your driver: Tom')).toBeTruthy();
  });

  it("shows the server's message when nothing matches, keeping what was typed", async () => {
    const held = heldReply();
    answerManageCalls({ lookup: () => held.promise });
    const { user, router } = renderApp('/manage-booking');
    const reference = await screen.findByLabelText('Reference ID');
    await user.type(reference, '999999');
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));

    const busy = await screen.findByRole('button', { name: 'Finding…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    held.release({ status: 404, body: { success: false, message: NOT_FOUND } });

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOT_FOUND));
    expect((screen.getByLabelText('Reference ID') as HTMLInputElement).value).toBe('999999');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('someone@example.com');
    expect(screen.getByRole('button', { name: 'Find my booking' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manage-booking');
  });

  it('names each empty field and asks nothing of the server', async () => {
    const fake = answerManageCalls();
    const { user } = renderApp('/manage-booking');
    await user.click(await screen.findByRole('button', { name: 'Find my booking' }));
    expect(await screen.findByText('Enter your Reference ID')).toBeTruthy();
    expect(screen.getByText('Enter your Email')).toBeTruthy();
    expect(screen.getByLabelText('Reference ID').getAttribute('aria-invalid')).toBe('true');
    expect(fake.to(API_PATHS.manageBookingLookup)).toHaveLength(0);
  });
});

describe('the booking page', () => {
  it('sends the mail link token as X-Manage-Token, keeps it, and takes it out of the address', async () => {
    const { fake, router } = await openFromMailLink();
    const [read] = fake.to(API_PATHS.manageBooking, 'GET');
    expect(read?.headers.get('x-manage-token')).toBe(MANAGE_TOKEN);
    expect(read?.headers.get('x-api-public-key')).toBeTruthy();
    expect(router.state.location.pathname).toBe(PAGE);
    expect(router.state.location.search).toBe('');
    expect((await db.managedBookings.get(BOOKING_NUMBER))?.token).toBe(MANAGE_TOKEN);
  });

  it('shows the status, its timeline oldest first in UK time, and the driver', async () => {
    await openFromMailLink();
    const status = screen.getByRole('region', { name: 'Status' });
    expect(statusNow()).toBe('Status:Driver assigned');
    const timeline = within(status).getByRole('list', { name: 'Timeline' });
    expect(timeline.tagName).toBe('OL');
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Fri 20 Nov 2026, 09:00 — Pending — Passenger',
      'Fri 20 Nov 2026, 09:05 — Confirmed — Heathrow Cars Ltd',
      'Thu 26 Nov 2026, 14:05 — Driver assigned — Heathrow Cars Ltd — Tom will meet you at arrivals',
    ]);
    const driver = screen.getByRole('region', { name: 'Driver' });
    expect(within(driver).getByText('Your driver: Tom')).toBeTruthy();
    expect(valueOf(driver, 'Vehicle')).toBe('Toyota Prius');
    expect(valueOf(driver, 'Registration')).toBe('AB12 CDE');
    expect(screen.getByText('Last updated Fri 27 Nov 2026, 10:00')).toBeTruthy();
    // The policy's times, before anything is pressed.
    expect(
      screen.getByText(
        'Free cancellation until Mon 30 Nov 2026, 14:30 (UK time); after that a late-cancellation fee applies.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('You can change this booking until Tue 1 Dec 2026, 12:30 (UK time).'),
    ).toBeTruthy();

    const journey = screen.getByRole('region', { name: 'Journey' });
    expect(valueOf(journey, 'Stop 1')).toBe('14 London Road, Slough SL1 1AA');
    expect(valueOf(journey, 'Pickup date')).toBe('1 Dec 2026');
    expect(valueOf(journey, 'Return date')).toBe('8 Dec 2026');
    const price = screen.getByRole('region', { name: 'Price and payment' });
    expect(valueOf(price, 'Outward journey')).toBe('£80.00');
    expect(valueOf(price, 'Total')).toBe('£176.00');
    expect(valueOf(price, 'Payment')).toBe('Paid by card');
    expect(valueOf(price, 'Paid')).toBe('£176.00');
    expect(valueOf(price, 'Payment status')).toBe('Paid');
    // Each leg's own extras (issue 30): the way back is not the way out.
    const outward = screen.getByRole('region', { name: 'Outward extras' });
    expect(valueOf(outward, 'Meet & Greet')).toBe('Yes');
    expect(valueOf(outward, 'Wheelchair')).toBe('No');
    const back = screen.getByRole('region', { name: 'Return extras' });
    expect(valueOf(back, 'Passengers')).toBe('3');
    expect(valueOf(back, 'Meet & Greet')).toBe('No');
    expect(valueOf(back, 'Wheelchair')).toBe('Yes');
    expect(valueOf(back, 'Waiting time')).toBe('30 minutes');
    expect(
      within(within(price).getByRole('list', { name: 'Payments and refunds' })).getByRole(
        'listitem',
      ).textContent,
    ).toBe('Fri 20 Nov 2026, 09:00 — Card payment (Booking) — £176.00 — Paid');
  });

  it('shows no driver before one is assigned, and the refusals instead of the actions', async () => {
    answerManageCalls({
      booking: bookingReply(
        managedBooking('completed', {
          change_refusal: POLICY_MESSAGES.changeClosedStatus,
          cancellation: null,
          cancel_refusal: POLICY_MESSAGES.cancelClosed,
          receipt_available: false,
        }),
      ),
    });
    renderApp(`${PAGE}?token=${MANAGE_TOKEN}`);
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(status).toBeTruthy();
    expect(statusNow()).toBe('Status:Completed');
    expect(screen.queryByRole('region', { name: 'Driver' })).toBeNull();
    expect(screen.getByText(POLICY_MESSAGES.changeClosedStatus)).toBeTruthy();
    expect(screen.getByText(POLICY_MESSAGES.cancelClosed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download receipt (PDF)' })).toBeNull();
  });

  it('says the link is no longer valid, and forgets the token, when the server refuses it', async () => {
    answerManageCalls({
      booking: () => ({ status: 404, body: { success: false, message: 'Not found' } }),
    });
    renderApp(`${PAGE}?token=expired`);
    expect(await screen.findByText(POLICY_MESSAGES.linkInvalid)).toBeTruthy();
    const link = screen.getByRole('link', {
      name: 'Find your booking with its reference and email',
    });
    expect(link.getAttribute('href')).toBe(`/manage-booking?reference=${BOOKING_NUMBER}`);
    await waitFor(async () => expect(await db.managedBookings.get(BOOKING_NUMBER)).toBeUndefined());
  });

  it('sends to the lookup, with the reference filled in, when this device has no access', async () => {
    const fake = answerManageCalls({ booking: bookingReply() });
    const { user } = renderApp(PAGE);
    await user.click(
      await screen.findByRole('link', { name: 'Find your booking with its reference and email' }),
    );
    expect(((await screen.findByLabelText('Reference ID')) as HTMLInputElement).value).toBe(
      BOOKING_NUMBER,
    );
    expect(fake.to(API_PATHS.manageBooking, 'GET')).toHaveLength(0);
  });
});

describe('changing the booking', () => {
  it('previews only the changed fields, then confirms them with an Idempotency-Key', async () => {
    const changed = managedBooking('pending', {
      booking: {
        ...managedBooking().booking,
        booking: {
          ...managedBooking().booking.booking,
          flight_no: 'BA999',
          total_booking_amount: 181,
        },
      },
    });
    const { user, fake } = await openFromMailLink({
      preview: () => ({
        body: {
          success: true,
          data: {
            old_total: 176,
            new_total: 181,
            difference: 5,
            settlement: 'price_change',
            message: 'The price goes up by £5.00.',
            needs_review: true,
            refund: 0,
            late_rule: null,
          },
        },
      }),
      amend: () => ({
        body: {
          success: true,
          booking: changed,
          settlement: 'price_change',
          refund: { amount: 0, status: 'none' },
          checkout: null,
        },
      }),
    });
    const flight = screen.getByLabelText('Flight / train / ferry number');
    expect((flight as HTMLInputElement).value).toBe('BA283');
    expect((screen.getByLabelText('Passengers') as HTMLInputElement).value).toBe('2');
    await user.clear(flight);
    await user.type(flight, 'BA999');
    const passengers = screen.getByLabelText('Passengers');
    await user.clear(passengers);
    await user.type(passengers, '3');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    const review = await screen.findByRole('region', { name: 'Review your changes' });
    // What changes, field by field, before the prices.
    expect(valueOf(review, 'Flight / train / ferry number')).toBe('BA283 → BA999');
    expect(valueOf(review, 'Passengers')).toBe('2 → 3');
    expect(valueOf(review, 'Current price')).toBe('£176.00');
    expect(valueOf(review, 'New price')).toBe('£181.00');
    expect(valueOf(review, 'Difference')).toBe('+£5.00');
    expect(within(review).getByText('The price goes up by £5.00.')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Review your changes');
    expect(fake.to(API_PATHS.manageBookingAmendPreview).map((r) => r.body)).toEqual([
      { flight_no: 'BA999', passengers: 3 },
    ]);
    expect(fake.to(API_PATHS.manageBookingAmendPreview)[0]?.headers.get('x-manage-token')).toBe(
      MANAGE_TOKEN,
    );

    await user.click(within(review).getByRole('button', { name: 'Confirm changes' }));
    expect(await screen.findByText('Your booking has been changed.')).toBeTruthy();
    const [amend] = fake.to(API_PATHS.manageBookingAmend);
    // The price and refund the review showed go back with the change, so others are refused.
    expect(amend?.body).toEqual({
      flight_no: 'BA999',
      passengers: 3,
      expected_new_total: 181,
      expected_refund: 0,
    });
    expect(amend?.headers.get('idempotency-key')).toMatch(UUID);
    expect(amend?.headers.get('x-manage-token')).toBe(MANAGE_TOKEN);
    expect(statusNow()).toBe('Status:Pending');
    expect(
      valueOf(screen.getByRole('region', { name: 'Journey' }), 'Flight / train / ferry number'),
    ).toBe('BA999');
  });

  it('shows money back as a negative difference and the refund once confirmed', async () => {
    const { user, fake } = await openFromMailLink({
      preview: () => ({
        body: {
          success: true,
          data: {
            old_total: 176,
            new_total: 160,
            difference: -16,
            settlement: 'refund',
            message: 'We will refund £16.00 to your card.',
            needs_review: false,
            refund: 16,
            late_rule: null,
          },
        },
      }),
      amend: () => ({
        body: {
          success: true,
          booking: managedBooking(),
          settlement: 'refund',
          refund: { amount: 16, status: 'pending' },
          checkout: null,
        },
      }),
    });
    await user.selectOptions(screen.getByLabelText('Meet and greet'), 'No');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const review = await screen.findByRole('region', { name: 'Review your changes' });
    expect(valueOf(review, 'Difference')).toBe('\u2212£16.00');
    await user.click(within(review).getByRole('button', { name: 'Confirm changes' }));
    expect(
      await screen.findByText('Your booking has been changed. Refund of £16.00: Pending'),
    ).toBeTruthy();
    expect(fake.to(API_PATHS.manageBookingAmend)[0]?.body).toEqual({
      meet_and_greet: 'no',
      expected_new_total: 160,
      expected_refund: 16,
    });
  });

  it('states the late-window rule on the review when a cheaper change refunds only part of the difference', async () => {
    const rule =
      'This change is made inside the late-cancellation window, so it cannot lower what cancelling costs: when the price goes down, 50% of the difference is refunded and the 50% late fee is kept; cancelling later costs 50% of £176.00, the highest price since the window began, even if the pickup moves later.';
    const { user } = await openFromMailLink({
      preview: () => ({
        body: {
          success: true,
          data: {
            old_total: 176,
            new_total: 160,
            difference: -16,
            settlement: 'refund',
            message:
              'The new price is £160.00: £8.00 of the £16.00 difference will be refunded to your card; the late-cancellation fee of £8.00 on it is kept.',
            needs_review: false,
            refund: 8,
            late_rule: rule,
          },
        },
      }),
    });
    await user.selectOptions(screen.getByLabelText('Meet and greet'), 'No');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const review = await screen.findByRole('region', { name: 'Review your changes' });
    expect(
      within(review).getByText(/£8.00 of the £16.00 difference will be refunded/),
    ).toBeTruthy();
    expect(within(review).getByText(rule)).toBeTruthy();
  });

  it("puts a 400's field problems under their fields and keeps what was typed", async () => {
    const { user, fake } = await openFromMailLink({
      preview: () => ({
        status: 400,
        body: {
          success: false,
          message: 'Validation failed',
          errors: [
            { path: 'passenger_phone', message: 'passenger_phone must have at least 7 digits' },
          ],
        },
      }),
    });
    const phone = screen.getByLabelText('Contact number');
    await user.clear(phone);
    await user.type(phone, '0123 45678');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    const problem = await screen.findByText('Contact number must have at least 7 digits');
    expect(phone.getAttribute('aria-describedby')).toBe(problem.id);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect((phone as HTMLInputElement).value).toBe('0123 45678');
    expect(fake.to(API_PATHS.manageBookingAmendPreview)[0]?.body).toEqual({
      passenger_phone: '0123 45678',
    });
    expect(screen.queryByRole('region', { name: 'Review your changes' })).toBeNull();
  });

  it("shows a rule's refusal and keeps the form as typed", async () => {
    const refusal =
      'Changes can be made up to 2 hours before pickup. Please call us to change this booking.';
    const { user } = await openFromMailLink({
      preview: () => ({ status: 409, body: { success: false, message: refusal } }),
    });
    const date = screen.getByLabelText('Pickup date');
    await user.clear(date);
    await user.type(date, '2026-12-02');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Change booking' })).getByRole('alert').textContent,
      ).toBe(refusal),
    );
    expect((screen.getByLabelText('Pickup date') as HTMLInputElement).value).toBe('2026-12-02');
  });

  it('says when nothing has changed, without asking the server', async () => {
    const { user, fake } = await openFromMailLink();
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(await screen.findByText(POLICY_MESSAGES.nothingChanged)).toBeTruthy();
    expect(fake.to(API_PATHS.manageBookingAmendPreview)).toHaveLength(0);
  });

  it('sends the passenger to pay a higher price, then finishes the change on return', async () => {
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
    const { user, fake } = await openFromMailLink({
      // Waiting time is offered (it has a price), though this booking has none yet.
      settings: demoSettings({ PRICE_PER_FIVE_WAITING_MIN: '2' }),
      preview: () => ({
        body: {
          success: true,
          data: {
            old_total: 176,
            new_total: 196,
            difference: 20,
            settlement: 'pay_difference',
            message: 'You will pay the difference of £20.00 by card.',
            needs_review: false,
            refund: 0,
            late_rule: null,
          },
        },
      }),
      amend: () => ({
        body: {
          success: true,
          booking: managedBooking(),
          settlement: 'pay_difference',
          refund: { amount: 0, status: 'none' },
          checkout: { url: 'http://localhost/test-checkout/cs_diff', session_id: 'cs_diff' },
        },
      }),
    });
    const waiting = screen.getByLabelText('Waiting time (minutes)');
    await user.clear(waiting);
    await user.type(waiting, '30');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm changes' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/test-checkout/cs_diff'),
    );
    expect(fake.to(API_PATHS.manageBookingAmend)[0]?.body).toEqual({
      waiting_min: 30,
      expected_new_total: 196,
      expected_refund: 0,
    });
  });

  it('makes a paid change on return from the checkout, once', async () => {
    await saveBookingCopy(managedBooking(), MANAGE_TOKEN, Date.now());
    const base = managedBooking();
    const paid = managedBooking('driver_assigned', {
      details: { ...base.details, waiting_minutes: 30 },
      booking: {
        ...base.booking,
        legExtras: {
          ...base.booking.legExtras,
          outward: { ...base.booking.legExtras.outward, waiting_minutes: 30 },
        },
      },
    });
    const fake = answerManageCalls({
      booking: bookingReply(),
      amendPayment: () => ({ body: { success: true, booking: paid } }),
    });
    const { router } = renderApp(`${PAGE}?amend_session=cs_diff`);
    expect(
      await screen.findByText('The difference is paid and your booking has been changed.'),
    ).toBeTruthy();
    const payments = fake.to(API_PATHS.manageBookingAmendPayment);
    expect(payments.map((r) => r.body)).toEqual([{ session_id: 'cs_diff' }]);
    expect(payments[0]?.headers.get('x-manage-token')).toBe(MANAGE_TOKEN);
    expect(valueOf(screen.getByRole('region', { name: 'Outward extras' }), 'Waiting time')).toBe(
      '30 minutes',
    );
    // The form follows the changed booking: the next change starts from it.
    expect((screen.getByLabelText('Waiting time (minutes)') as HTMLInputElement).value).toBe('30');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says the change was not made when the passenger left the checkout without paying', async () => {
    await saveBookingCopy(managedBooking(), MANAGE_TOKEN, Date.now());
    const fake = answerManageCalls({ booking: bookingReply() });
    const { router } = renderApp(`${PAGE}?amend_cancelled=1`);
    expect(
      await screen.findByText(
        'Your change was not made: the payment of the difference was cancelled. Your booking is as it was.',
      ),
    ).toBeTruthy();
    expect(fake.to(API_PATHS.manageBookingAmendPayment)).toHaveLength(0);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('cancelling the booking', () => {
  const cancelled = managedBooking('cancelled', {
    cancellation: null,
    cancel_refusal: POLICY_MESSAGES.alreadyCancelled,
    change_refusal: POLICY_MESSAGES.changeClosedStatus,
  });

  it("states the server's terms and cancels once with one Idempotency-Key, whatever the presses", async () => {
    const held = heldReply();
    const { user, fake } = await openFromMailLink({ cancel: () => held.promise });
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel booking ${BOOKING_NUMBER}` });
    expect(
      within(dialog).getByText('Free cancellation: you will be refunded £176.00'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Plans changed');

    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelling…' }));
    held.release({
      body: { success: true, booking: cancelled, refund: { amount: 176, status: 'succeeded' } },
    });

    expect(
      await screen.findByText('Your booking is cancelled. Refund of £176.00: Refunded'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusNow()).toBe('Status:Cancelled');
    expect(screen.getByText(POLICY_MESSAGES.alreadyCancelled)).toBeTruthy();
    const sent = fake.to(API_PATHS.manageBookingCancel);
    // The refund the dialog stated goes with the cancellation, so a different one is refused.
    expect(sent.map((r) => r.body)).toEqual([{ reason: 'Plans changed', expected_refund: 176 }]);
    expect(sent[0]?.headers.get('idempotency-key')).toMatch(UUID);
    expect(sent[0]?.headers.get('x-manage-token')).toBe(MANAGE_TOKEN);
  });

  it('retries with the same key after a lost answer, and a new opening has a new key', async () => {
    const replies = ['network-error', 'network-error', 'ok'] as const;
    let call = 0;
    const { user, fake } = await openFromMailLink({
      cancel: () =>
        replies[call++] === 'ok'
          ? {
              body: {
                success: true,
                booking: cancelled,
                refund: { amount: 176, status: 'pending' },
              },
            }
          : 'network-error',
    });
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(
      /Unable to reach the server/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    await waitFor(() => expect(fake.to(API_PATHS.manageBookingCancel)).toHaveLength(2));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(
      await screen.findByText('Your booking is cancelled. Refund of £176.00: Pending'),
    ).toBeTruthy();

    const keys = fake
      .to(API_PATHS.manageBookingCancel)
      .map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(fake.to(API_PATHS.manageBookingCancel).map((r) => r.body)).toEqual([
      { expected_refund: 176 },
      { expected_refund: 176 },
      { expected_refund: 176 },
    ]);
  });

  it('keeps the booking on Keep booking, with focus back on the button', async () => {
    const { user, fake } = await openFromMailLink();
    const open = screen.getByRole('button', { name: 'Cancel booking' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(fake.to(API_PATHS.manageBookingCancel)).toHaveLength(0);
  });
});

describe('the receipt', () => {
  it('downloads the PDF with the token, saved as receipt-<n>.pdf', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:receipt');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user, fake } = await openFromMailLink({ receipt: '%PDF-1.7 receipt' });
    await user.click(screen.getByRole('button', { name: 'Download receipt (PDF)' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe(`receipt-${BOOKING_NUMBER}.pdf`);
    expect(clicked[0]?.getAttribute('href')).toBe('blob:receipt');
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('%PDF-1.7 receipt');
    const [download] = fake.to(API_PATHS.manageBookingReceipt, 'GET');
    expect(download?.headers.get('x-manage-token')).toBe(MANAGE_TOKEN);
    expect(download?.headers.get('accept')).toBe('application/pdf');
  });
});

describe('offline', () => {
  it('shows the copy kept on this device with Last updated, and no actions', async () => {
    await saveBookingCopy(managedBooking(), MANAGE_TOKEN, Date.now());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    answerManageCalls({ booking: () => 'network-error' });
    renderApp(PAGE);
    await screen.findByRole('region', { name: 'Status' });
    expect(statusNow()).toBe('Status:Driver assigned');
    expect(screen.getByText('Last updated Fri 27 Nov 2026, 10:00')).toBeTruthy();
    expect(
      screen.getByText(/You are offline\. This is the copy of your booking saved on this device\./),
    ).toBeTruthy();
    expect(screen.getByText(/need a connection/)).toBeTruthy();
    for (const name of ['Cancel booking', 'Download receipt (PDF)', 'Review changes']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('says so when this device has no copy yet', async () => {
    await saveBookingCopy(managedBooking(), MANAGE_TOKEN, Date.now());
    await db.managedBookings.update(BOOKING_NUMBER, { booking: null });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    answerManageCalls({ booking: () => 'network-error' });
    renderApp(PAGE);
    expect(
      await screen.findByText(
        'You are offline, and this device has no saved copy of this booking yet.',
      ),
    ).toBeTruthy();
  });
});

describe('a signed-in corporate passenger', () => {
  it('opens Manage booking from the booking details', async () => {
    await saveSession({ token: TOKEN, passenger });
    answerCorporateCalls({ bookings: [corporateBooking({ booking_number: BOOKING_NUMBER })] });
    const { user, router } = renderApp('/bookings');
    await user.click(
      await screen.findByRole('button', { name: `Details of booking ${BOOKING_NUMBER}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const link = within(dialog).getByRole('link', { name: 'Manage booking' });
    expect(link.getAttribute('href')).toBe(PAGE);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
  });

  it("reads the booking with the sign-in's bearer token when there is no manage token", async () => {
    await saveSession({ token: TOKEN, passenger });
    const fake = answerManageCalls({ booking: bookingReply() });
    renderApp(PAGE);
    expect(await screen.findByText('Your driver: Tom')).toBeTruthy();
    const [read] = fake.to(API_PATHS.manageBooking, 'GET');
    expect(read?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(read?.headers.get('x-manage-token')).toBeNull();
    // Its copy is not kept apart from the corporate store, which sign-out clears.
    expect(await db.managedBookings.get(BOOKING_NUMBER)).toBeUndefined();
  });
});

describe('the site footer', () => {
  it('links to Manage booking', async () => {
    answerManageCalls({ settings: demoSettings() });
    const { user, router } = renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Manage booking' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage your booking' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manage-booking');
  });
});
