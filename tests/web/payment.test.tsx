import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { browserWindow, PAYMENT_CHANNEL_NAME } from '../../src/web/lib/checkout-redirect';
import { db } from '../../src/web/offline/db';
import { renderApp, preloadPages } from './helpers';
import {
  answerPaymentCalls,
  bookingAnswer,
  CHECKOUT_SESSION_ID,
  CHECKOUT_URL,
  chosenVehicle,
  MANAGE_TOKEN,
  registration,
  seedBookingReadyToPay,
} from './payment-fixtures';
import { clearDrafts, quotationSettings } from './quotation-fixtures';

preloadPages('/paymentview');

// Stripe.js is a script from js.stripe.com, which jsdom cannot load: only its loader is faked.
const { loadStripe } = vi.hoisted(() => ({ loadStripe: vi.fn(async () => null) }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(async () => {
  await clearDrafts();
  window.sessionStorage.clear();
});

async function payButton(name: string) {
  return screen.findByRole('button', { name });
}

describe('payment page', () => {
  it('shows the vehicle with the final price, the personal details, card logos and both buttons', async () => {
    answerPaymentCalls();
    await seedBookingReadyToPay();
    renderApp('/paymentview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    const progress = screen.getByRole('list', { name: 'Booking progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '✓ Vehicle (done)',
      '>✓ Details (done)',
      '>Payment',
    ]);

    const vehicle = screen.getByRole('region', { name: 'Your Vehicle' });
    expect(within(vehicle).getByText('Saloon')).toBeTruthy();
    expect(within(vehicle).getByText('2 x Vehicle Selected')).toBeTruthy();
    expect(within(vehicle).getByText('£91.10')).toBeTruthy();

    const details = screen.getByRole('table', { name: 'Personal Details' });
    const rows = within(details)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'First NameAmelia',
      'SurnameHughes',
      'Emailamelia.hughes@example.co.uk',
      'Mobile+44 7700 900123',
    ]);
    for (const brand of ['Visa', 'Mastercard', 'American Express']) {
      expect(screen.getByRole('img', { name: brand })).toBeTruthy();
    }
    expect(await payButton(BOOKING_MESSAGES.payInCar)).toBeTruthy();
    expect(screen.getByRole('button', { name: BOOKING_MESSAGES.payByCard })).toBeTruthy();
  });

  it.each([
    ['yes', 'no', [BOOKING_MESSAGES.payInCar], [BOOKING_MESSAGES.payByCard]],
    ['no', 'yes', [BOOKING_MESSAGES.payByCard], [BOOKING_MESSAGES.payInCar]],
  ])(
    'SHOWPAYINCAR %s and SHOWCARD %s decide which buttons show',
    async (car, card, shown, hidden) => {
      answerPaymentCalls({ settings: quotationSettings({ SHOWPAYINCAR: car, SHOWCARD: card }) });
      await seedBookingReadyToPay();
      renderApp('/paymentview');
      for (const name of shown) expect(await payButton(name)).toBeTruthy();
      for (const name of hidden) expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryAllByRole('img', { name: 'Visa' })).toHaveLength(card === 'yes' ? 1 : 0);
    },
  );

  it('without registration data sends the visitor back to personal details', async () => {
    answerPaymentCalls();
    await seedBookingReadyToPay();
    await db.drafts.delete('registrationData');
    await clearDraftsInMemoryOnly();
    const { router } = renderApp('/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalDetailView'));
  });

  it('asks an account holder for the password again after a reload, and calls nothing', async () => {
    const { calls } = answerPaymentCalls();
    await seedBookingReadyToPay({
      mode: 'new_client',
      data: registration({
        password: 'correct horse battery',
        privacyAccepted: true,
        termsAccepted: true,
      }),
    });
    // What a reload reads back: the password was never written to disk.
    await clearDraftsInMemoryOnly();
    const { user } = renderApp('/paymentview');
    const car = await payButton(BOOKING_MESSAGES.payInCar);
    expect(screen.getByRole('alert').textContent).toContain('your password is not kept');
    expect(screen.getByRole('link', { name: 'Back To Personal Detail' }).getAttribute('href')).toBe(
      '/personalDetailView',
    );
    expect(car.hasAttribute('disabled')).toBe(true);
    await user.click(car);
    expect(calls).toEqual([]);
  });
});

describe('the password notice', () => {
  it('is not shown for a new client who never gave a password: details are not done', async () => {
    answerPaymentCalls();
    // What choosing New Client and leaving the form empty but for the contact details saves.
    await seedBookingReadyToPay({ mode: 'new_client', data: registration() });
    await clearDraftsInMemoryOnly();
    const { router } = renderApp('/paymentview');
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalDetailView'));
    expect(screen.queryByText(/password is not kept/)).toBeNull();
  });

  it('shows Details as not done while the password a reload dropped is missing', async () => {
    answerPaymentCalls();
    await seedBookingReadyToPay({
      mode: 'new_client',
      data: registration({
        password: 'correct horse battery',
        privacyAccepted: true,
        termsAccepted: true,
      }),
    });
    await clearDraftsInMemoryOnly();
    renderApp('/paymentview');
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    const progress = screen.getByRole('list', { name: 'Booking progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['✓ Vehicle (done)', '>Details', '>Payment']);
    expect(screen.getByRole('alert').textContent).toContain('your password is not kept');
  });
});

/** Forgets the in-memory drafts, so the next render reads IndexedDB as after a reload. */
async function clearDraftsInMemoryOnly() {
  const { resetBookingDraftsForTests } =
    await import('../../src/web/features/booking/state/booking-drafts');
  resetBookingDraftsForTests();
}

describe('Pay in Car', () => {
  it('books with the chosen vehicle and mode, then shows every detail and clears the drafts', async () => {
    const { callsTo, violations } = answerPaymentCalls();
    await seedBookingReadyToPay();
    const { user, router } = renderApp('/paymentview');
    await user.click(await payButton(BOOKING_MESSAGES.payInCar));

    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    expect(router.state.location.pathname).toBe('/payment-success');
    expect(router.state.location.search).toBe('?booking=RB7K2M9Q');
    const [call] = callsTo(API_PATHS.booking);
    expect(violations).toEqual([]);
    expect(call?.idempotencyKey).toMatch(UUID);
    expect(call?.body).toMatchObject({
      payment_method: 'car',
      selected_passenger: 'guest_login',
      selectedVehicle: 2,
      bookingType: 'milleage',
      selectedVehicleData: { quote_id: 'q_pay_1', vehicle_id: 1, company_id: 1, vehicle_count: 2 },
      bookingForm: {
        pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        select_option: 'return',
        stops: [{ street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' }],
      },
      registrationData: { email: 'amelia.hughes@example.co.uk', firstName: 'Amelia' },
    });
    // The browser names no price: the server prices the booking itself.
    expect(JSON.stringify(call?.body)).not.toContain('91.1');

    expect(screen.getByText(BOOKING_MESSAGES.quoteConfirmed)).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.emailSent)).toBeTruthy();
    expect(screen.getByText('Pay in Car')).toBeTruthy();
    expect(screen.getByText('Booking status: Pending')).toBeTruthy();
    const ride = screen.getByRole('region', { name: 'Your Ride' });
    expect(within(ride).getByText('2 x Saloon')).toBeTruthy();
    expect(within(ride).getByText('Heathrow Cars Ltd')).toBeTruthy();
    expect(within(ride).getByText('BA283')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage your booking' }).getAttribute('href')).toBe(
      `/manage-booking/RB7K2M9Q?token=${MANAGE_TOKEN}`,
    );
    await waitFor(async () => expect(await db.drafts.count()).toBe(0));
  });

  it('sends 1 as selectedVehicle for the Lowest Price card', async () => {
    const { callsTo } = answerPaymentCalls();
    await seedBookingReadyToPay({
      selected: chosenVehicle({ selection: 'lowest', vehicle_count: 1 }),
    });
    const { user } = renderApp('/paymentview');
    await user.click(await payButton(BOOKING_MESSAGES.payInCar));
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    expect(callsTo(API_PATHS.booking)[0]?.body?.selectedVehicle).toBe(1);
  });

  it("shows 'Booking Failed' with the server's message and retries with the same key", async () => {
    const { callsTo } = answerPaymentCalls({
      booking: (_call, index) =>
        index === 0
          ? {
              status: 429,
              body: { success: false, message: BOOKING_MESSAGES.tooManyBookings },
            }
          : index === 1
            ? 'network-error'
            : { body: bookingAnswer() },
    });
    await seedBookingReadyToPay();
    const { user } = renderApp('/paymentview');
    await user.click(await payButton(BOOKING_MESSAGES.payInCar));

    const dialog = await screen.findByRole('alertdialog', { name: 'Booking Failed' });
    expect(within(dialog).getByText(BOOKING_MESSAGES.tooManyBookings)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Nothing typed is lost.
    expect(await db.drafts.get('registrationData')).toBeTruthy();

    await user.click(await payButton(BOOKING_MESSAGES.payInCar));
    expect(await screen.findByText(/Booking needs an internet connection/)).toBeTruthy();

    await user.click(await payButton(BOOKING_MESSAGES.payInCar));
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    const keys = callsTo(API_PATHS.booking).map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('keeps the same key across a reload of the payment page', async () => {
    const { callsTo } = answerPaymentCalls({
      booking: (_call, index) => (index === 0 ? 'network-error' : { body: bookingAnswer() }),
    });
    await seedBookingReadyToPay();
    const first = renderApp('/paymentview');
    await first.user.click(await payButton(BOOKING_MESSAGES.payInCar));
    await screen.findByText(/Booking needs an internet connection/);
    first.unmount();

    await clearDraftsInMemoryOnly();
    const second = renderApp('/paymentview');
    await second.user.click(await payButton(BOOKING_MESSAGES.payInCar));
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    const [a, b] = callsTo(API_PATHS.booking);
    expect(a?.idempotencyKey).toMatch(UUID);
    expect(b?.idempotencyKey).toBe(a?.idempotencyKey);
  });

  it('says booking needs a connection when the browser is offline, and keeps the draft', async () => {
    const { calls } = answerPaymentCalls();
    await seedBookingReadyToPay();
    const { user } = renderApp('/paymentview');
    const button = await payButton(BOOKING_MESSAGES.payInCar);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(button);
    expect(await screen.findByText(/Booking needs an internet connection/)).toBeTruthy();
    expect(calls).toEqual([]);
    expect(await db.drafts.get('selectedVehicleData')).toBeTruthy();
  });

  it("shows 'Please wait' on a disabled button while the booking is sent", async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { callsTo } = answerPaymentCalls({
      booking: async () => {
        await gate;
        return { body: bookingAnswer() };
      },
    });
    await seedBookingReadyToPay();
    const { user } = renderApp('/paymentview');
    const button = await payButton(BOOKING_MESSAGES.payInCar);
    await user.click(button);
    await waitFor(() => expect(button.textContent).toContain('Please wait'));
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.click(button);
    release?.();
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    expect(callsTo(API_PATHS.booking)).toHaveLength(1);
  });
});

describe('Pay By Card', () => {
  it('opens checkout for the final price in pence and goes to its url', async () => {
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
    const { callsTo, violations } = answerPaymentCalls();
    await seedBookingReadyToPay();
    const { user } = renderApp('/paymentview');
    await user.click(await payButton(BOOKING_MESSAGES.payByCard));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(callsTo(API_PATHS.secretKey)).toHaveLength(1);
    const [call] = callsTo(API_PATHS.createCheckoutSession);
    expect(violations).toEqual([]);
    expect(call?.body).toMatchObject({
      amount: 9110,
      frontend_url: window.location.origin,
      selectedVehicle: 2,
      selected_passenger: 'guest_login',
      bookingType: 'milleage',
    });
    expect(call?.idempotencyKey).toMatch(UUID);
    expect(screen.getByRole('button', { name: /Please wait/ })).toBeTruthy();
  });

  it('loads Stripe.js with the publishable key before leaving for Stripe Checkout', async () => {
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
    answerPaymentCalls({
      secretKey: () => ({
        body: { success: true, publishable_key: 'pk_test_51Stripe', provider: 'stripe' },
      }),
    });
    await seedBookingReadyToPay();
    const { user } = renderApp('/paymentview');
    await user.click(await payButton(BOOKING_MESSAGES.payByCard));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_51Stripe');
    expect(loadStripe.mock.invocationCallOrder[0]).toBeLessThan(
      assign.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it("offers to go back to the results when the server's price has changed", async () => {
    vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
    answerPaymentCalls({
      checkout: () => ({
        status: 409,
        body: { success: false, message: BOOKING_MESSAGES.amountMismatch },
      }),
    });
    await seedBookingReadyToPay();
    const { user, router } = renderApp('/paymentview');
    await user.click(await payButton(BOOKING_MESSAGES.payByCard));
    const dialog = await screen.findByRole('alertdialog', { name: 'Payment Failed' });
    expect(within(dialog).getByText(BOOKING_MESSAGES.amountMismatch)).toBeTruthy();
    expect(within(dialog).getByText(/price of this booking has changed/)).toBeTruthy();
    await user.click(within(dialog).getByRole('link', { name: 'Back to the vehicle results' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'));
  });

  it("shows 'Payment Failed' with the message of any other failure", async () => {
    answerPaymentCalls({
      secretKey: () => ({
        status: 503,
        body: { success: false, message: 'Card payments are down' },
      }),
    });
    await seedBookingReadyToPay();
    const { user } = renderApp('/paymentview');
    await user.click(await payButton(BOOKING_MESSAGES.payByCard));
    const dialog = await screen.findByRole('alertdialog', { name: 'Payment Failed' });
    expect(within(dialog).getByText('Card payments are down')).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it.each([
    [503, BOOKING_MESSAGES.paymentProviderUnavailable],
    [502, BOOKING_MESSAGES.paymentProviderFailed],
    [409, BOOKING_MESSAGES.requestInProgress],
  ])(
    'shows the server message of a %s from checkout and keeps what was typed',
    async (status, message) => {
      const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
      answerPaymentCalls({ checkout: () => ({ status, body: { success: false, message } }) });
      await seedBookingReadyToPay();
      const { user } = renderApp('/paymentview');
      await user.click(await payButton(BOOKING_MESSAGES.payByCard));
      const dialog = await screen.findByRole('alertdialog', { name: 'Payment Failed' });
      expect(within(dialog).getByText(message)).toBeTruthy();
      // Not a price change: nothing sends the visitor back to the results.
      expect(within(dialog).queryByRole('link')).toBeNull();
      expect(assign).not.toHaveBeenCalled();
      expect(await db.drafts.get('registrationData')).toMatchObject({
        value: expect.objectContaining({ email: 'amelia.hughes@example.co.uk' }),
      });
    },
  );

  it('inside a frame opens checkout in a named window and follows its result', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
    const popup = {
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: { title: '', body: { textContent: '' } },
    };
    const open = vi.spyOn(browserWindow, 'open').mockReturnValue(popup as unknown as Window);
    const { callsTo } = answerPaymentCalls({
      booking: (call) => ({
        body: bookingAnswer({
          booking: { payment_method: call.body?.payment_method === 'card' ? 'card' : 'car' },
        }),
      }),
    });
    await seedBookingReadyToPay();
    const { user, router } = renderApp('/paymentview');
    await user.click(await payButton(BOOKING_MESSAGES.payByCard));

    expect(await screen.findByText('Complete the payment in the new window')).toBeTruthy();
    expect(open).toHaveBeenCalledWith('', 'ridebook-checkout');
    expect(popup.location.href).toBe(CHECKOUT_URL);
    expect(assign).not.toHaveBeenCalled();

    // The checkout window's result page reports back over the channel.
    const channel = new BroadcastChannel(PAYMENT_CHANNEL_NAME);
    channel.postMessage({
      type: 'ridebook-checkout-result',
      status: 'success',
      sessionId: CHECKOUT_SESSION_ID,
    });
    channel.close();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
    expect(router.state.location.search).toBe(`?session_id=${CHECKOUT_SESSION_ID}`);
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    expect(screen.getByText('Pay by Card')).toBeTruthy();
    // A random key, kept for this tab: the session id alone replays nothing.
    expect(callsTo(API_PATHS.booking)[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('quote panel on small screens', () => {
  function screenWidth(small: boolean) {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: small && query.includes('max-width: 768px'),
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
  }

  it("is behind a 'Show Detail' / 'Hide Detail' toggle at 768px or less", async () => {
    screenWidth(true);
    answerPaymentCalls();
    await seedBookingReadyToPay();
    const { user } = renderApp('/paymentview');
    const toggle = await screen.findByRole('button', { name: 'Show Detail' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('heading', { name: 'Quote' })).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('heading', { name: 'Quote' })).toBeTruthy();
    expect(
      screen.getAllByText('Heathrow Airport Terminal 5, Hounslow TW6 2GA').length,
    ).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Hide Detail' }));
    expect(screen.queryByRole('heading', { name: 'Quote' })).toBeNull();
  });

  it('is always shown on wide screens', async () => {
    screenWidth(false);
    answerPaymentCalls();
    await seedBookingReadyToPay();
    renderApp('/paymentview');
    expect(await screen.findByRole('heading', { name: 'Quote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show Detail' })).toBeNull();
  });
});
