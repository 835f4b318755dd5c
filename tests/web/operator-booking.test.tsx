import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorBooking } from '../../src/contract/operator';
import { renderApp, preloadPages } from './helpers';
import {
  admin,
  answerOperatorCalls,
  cardPaidBooking,
  documents,
  driver,
  operatorBooking,
  paymentEntry,
  vehicleRecord,
  type SeenRequest,
} from './operator-fixtures';

preloadPages('/operator/bookings/1');

const STATUS_PATH = '/operator/bookings/123456/status';
const ASSIGN_PATH = '/operator/bookings/123456/assign';
const RETRY_PATH = '/operator/bookings/123456/refunds/2/retry';

/** The buttons of the next steps, by their text. */
function stepButtons(): string[] {
  const group = screen.queryByRole('group', { name: 'Next steps' });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((b) => b.textContent ?? '')
    : [];
}

/** The value beside a label in a description list. */
function valueOf(container: HTMLElement, label: string): string | null {
  const term = within(container).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('a booking', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows every detail, the price, payment and the history in UK time', async () => {
    answerOperatorCalls({ booking: () => ({ body: { success: true, data: operatorBooking() } }) });
    renderApp('/operator/bookings/123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking 123456' })).toBeTruthy();
    const journey = await screen.findByRole('region', { name: 'Journey' });
    expect(valueOf(journey, 'Pickup')).toBe('Reading Station, RG1 1LZ');
    expect(valueOf(journey, 'Stop 1')).toBe('14 London Road, Slough SL1 1AA');
    expect(valueOf(journey, 'Drop-off')).toBe('Heathrow Airport Terminal 5, TW6 2GA');
    expect(valueOf(journey, 'Pickup date')).toBe('1 Dec 2026');
    expect(valueOf(journey, 'Return date')).toBe('8 Dec 2026');
    expect(valueOf(journey, 'Return time')).toBe('19:05');
    expect(valueOf(journey, 'Flight / train / ferry number')).toBe('BA283');
    expect(valueOf(journey, 'Return flight / train / ferry number')).toBe('BA284');
    const passenger = screen.getByRole('region', { name: 'Passenger' });
    expect(valueOf(passenger, 'Phone')).toBe('+44 7700 900456');
    expect(valueOf(passenger, 'Passengers')).toBe('2');
    expect(valueOf(passenger, 'Additional info')).toBe('Two cases');
    const extras = screen.getByRole('region', { name: 'Outward extras' });
    expect(valueOf(extras, 'Meet & Greet')).toBe('Yes');
    expect(valueOf(extras, 'Booster seats')).toBe('1');
    // The return leg's own extras (issue 30), not the outward leg's again.
    const back = screen.getByRole('region', { name: 'Return extras' });
    expect(valueOf(back, 'Meet & Greet')).toBe('No');
    expect(valueOf(back, 'Luggage')).toBe('3');
    expect(valueOf(back, 'Wheelchair')).toBe('Yes');
    expect(valueOf(back, 'Booster seats')).toBe('0');
    const price = screen.getByRole('region', { name: 'Price and payment' });
    expect(valueOf(price, 'Outward journey')).toBe('£80.00');
    expect(valueOf(price, 'Meet & Greet')).toBe('£16.00');
    expect(valueOf(price, 'Total')).toBe('£176.00');
    expect(valueOf(price, 'Payment method')).toBe('Pay in car');

    expect(screen.getByRole('heading', { level: 2, name: 'History' })).toBeTruthy();
    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole(
      'listitem',
    );
    expect(history.map((item) => item.textContent)).toEqual([
      'Fri 20 Nov 2026, 09:00 — Booked as Pending — by Passenger',
      'Fri 20 Nov 2026, 09:05 — Pending → Confirmed — by Priya Shah — Phoned to check',
    ]);
  });

  it.each([
    ['pending', ['Confirm', 'Cancel booking']],
    ['confirmed', ['Assign driver', 'Cancel booking']],
    ['driver_assigned', ['Assign driver', 'On the way', 'Cancel booking']],
    ['arrived', ['Assign driver', 'Passenger on board', 'No-show', 'Cancel booking']],
    ['on_board', ['Complete']],
    ['completed', []],
  ] as const)('offers only the allowed steps of a %s booking', async (status, buttons) => {
    answerOperatorCalls({
      booking: () => ({ body: { success: true, data: operatorBooking(status) } }),
    });
    renderApp('/operator/bookings/123456');
    await screen.findByRole('region', { name: 'Journey' });
    expect(stepButtons()).toEqual(buttons);
    expect(screen.queryByRole('button', { name: 'Reassign driver' })).toBeNull();
  });

  it('moves a booking with a fresh Idempotency-Key per press and shows the new status', async () => {
    let current: OperatorBooking = operatorBooking('driver_assigned');
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: current } }),
      status: (request) => {
        const { status } = request.body as { status: 'en_route' | 'arrived' };
        current = operatorBooking(status);
        return { body: { success: true, data: current } };
      },
    });
    // Three days before the pickup (1 December, 14:30): On the way asks first.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'On the way' }));
    const ask = await screen.findByRole('dialog', { name: 'On the way already?' });
    await user.click(within(ask).getByRole('button', { name: 'On the way' }));
    await waitFor(() => expect(stepButtons()).toContain('Arrived'));
    expect(screen.getByText('The booking is now On the way.')).toBeTruthy();
    // The pressed button is gone: focus is on the status line, not lost to the page.
    expect(document.activeElement?.textContent).toBe('Status:On the way');
    await user.click(screen.getByRole('button', { name: 'Arrived' }));
    await waitFor(() => expect(stepButtons()).toContain('Passenger on board'));

    const moves = server.to(STATUS_PATH, 'POST');
    expect(moves.map((m) => m.body)).toEqual([{ status: 'en_route' }, { status: 'arrived' }]);
    const keys = moves.map((m) => m.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("shows a 409's message and loads the booking again", async () => {
    let current: OperatorBooking = operatorBooking('pending');
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: current } }),
      status: () => {
        current = operatorBooking('cancelled');
        return {
          status: 409,
          body: { success: false, message: 'A booking that is Cancelled cannot become Confirmed' },
        };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A booking that is Cancelled cannot become Confirmed',
    );
    await waitFor(() => expect(stepButtons()).toEqual([]));
    expect(server.to('/operator/bookings/123456', 'GET').length).toBeGreaterThan(1);
  });

  it('asks for a reason before cancelling, and sends it as the note', async () => {
    let current: OperatorBooking = operatorBooking('confirmed');
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: current } }),
      status: () => {
        current = operatorBooking('cancelled');
        return { body: { success: true, data: current } };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    const opener = await screen.findByRole('button', { name: 'Cancel booking' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking' });
    expect(dialog.textContent).toContain('Nothing was paid by card.');
    const reason = within(dialog).getByLabelText('Reason');
    // Focus moves into the dialog and is held there (the browser test checks it is the Reason:
    // jsdom has no layout, so nothing in it counts as tabbable).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByText('Enter the reason for cancelling')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(server.to(STATUS_PATH, 'POST')).toHaveLength(0);

    await user.type(reason, 'Passenger phoned to cancel');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to(STATUS_PATH, 'POST')[0]?.body).toEqual({
      status: 'cancelled',
      note: 'Passenger phoned to cancel',
    });
    await waitFor(() => expect(stepButtons()).toEqual([]));
  });

  it('refunds a card payment in full by default, and says so', async () => {
    let current: OperatorBooking = cardPaidBooking('confirmed');
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: current } }),
      status: () => {
        current = cardPaidBooking('cancelled');
        return { body: { success: true, data: current } };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking' });
    expect(dialog.textContent).toContain('They paid £176.00 by card.');
    const waive = within(dialog).getByRole('checkbox', {
      name: 'Refund in full (waive the cancellation fee)',
    }) as HTMLInputElement;
    expect(waive.checked).toBe(true);
    expect(dialog.textContent).toContain(
      'The passenger will be refunded £176.00 in full, to the card they paid with.',
    );

    await user.type(within(dialog).getByLabelText('Reason'), 'Vehicle broke down');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to(STATUS_PATH, 'POST')[0]?.body).toEqual({
      status: 'cancelled',
      note: 'Vehicle broke down',
      waive_fee: true,
    });
  });

  it('may keep the late-cancellation fee of a card payment when the box is cleared', async () => {
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: cardPaidBooking('confirmed') } }),
      status: () => ({ body: { success: true, data: cardPaidBooking('cancelled') } }),
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Refund in full (waive the cancellation fee)' }),
    );
    expect(dialog.textContent).toContain(
      "The passenger's late-cancellation fee may be kept, as the cancellation policy allows",
    );
    expect(dialog.textContent).not.toContain('in full, to the card');

    await user.type(within(dialog).getByLabelText('Reason'), 'Passenger cancelled late by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to(STATUS_PATH, 'POST')[0]?.body).toEqual({
      status: 'cancelled',
      note: 'Passenger cancelled late by phone',
      waive_fee: false,
    });
  });

  it('offers no refund choice when nothing was paid by card', async () => {
    answerOperatorCalls({
      booking: () => ({ body: { success: true, data: operatorBooking('confirmed') } }),
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('closes the cancel dialog on Escape and gives focus back to its button', async () => {
    answerOperatorCalls({
      booking: () => ({ body: { success: true, data: operatorBooking('confirmed') } }),
    });
    const { user } = renderApp('/operator/bookings/123456');
    const opener = await screen.findByRole('button', { name: 'Cancel booking' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking' });
    // Escape as a person presses it: once the dialog has taken focus (Chakra moves it there a
    // frame after opening; a key pressed before that goes to the page, and once missed a run).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('drops the confirmation line once a driver is assigned, as it no longer says where it stands', async () => {
    let current: OperatorBooking = operatorBooking('pending');
    answerOperatorCalls({
      me: admin,
      drivers: [driver()],
      booking: () => ({ body: { success: true, data: current } }),
      status: () => {
        current = operatorBooking('confirmed');
        return { body: { success: true, data: current } };
      },
      assign: () => {
        current = operatorBooking('driver_assigned', { driver: driver() });
        return { body: { success: true, data: current } };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The booking is now Confirmed.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Assign driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign driver' });
    await user.selectOptions(await within(dialog).findByLabelText('Driver'), '31');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('The booking is now Confirmed.')).toBeNull());
  });

  it("assigns a driver of the booking's company in a vehicle of its own, their usual one until changed", async () => {
    let assigned: SeenRequest | undefined;
    const server = answerOperatorCalls({
      me: admin,
      drivers: [
        driver(),
        driver({
          id: 32,
          name: 'Ann Lee',
          vehicle_registration: 'XY70 ZZZ',
          vehicle_id: 44,
          licence_state: 'expiring',
        }),
        driver({ id: 33, name: 'Bob Old', licence_state: 'expired' }),
        driver({ id: 34, name: 'Cat Away', active: false }),
        driver({ id: 35, name: 'Dan Other', company_id: 2, company_name: 'Capital Chauffeurs' }),
      ],
      vehicles: [
        vehicleRecord(),
        vehicleRecord({
          id: 44,
          registration: 'XY70 ZZZ',
          documents: documents({ mot: { expiry: '2026-12-03', state: 'expiring', days_left: 12 } }),
        }),
        vehicleRecord({ id: 45, registration: 'XY70 ZZA', make: 'Skoda', model: 'Superb' }),
        vehicleRecord({
          id: 46,
          registration: 'OLD 1',
          documents: documents({
            insurance: { expiry: '2026-11-20', state: 'expired', days_left: -1 },
          }),
        }),
        vehicleRecord({ id: 47, registration: 'GONE 1', active: false }),
        vehicleRecord({ id: 48, registration: 'THEIR 1', company_id: 2 }),
      ],
      booking: () => ({ body: { success: true, data: operatorBooking('confirmed') } }),
      assign: (request) => {
        assigned = request;
        return {
          body: {
            success: true,
            data: operatorBooking('driver_assigned', {
              driver: driver({ id: 32, name: 'Ann Lee', mobile: '+44 7700 900222' }),
              vehicle_registration: 'XY70 ZZA',
            }),
          },
        };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Assign driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign driver' });
    const select = await within(dialog).findByLabelText('Driver');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['Choose a driver', false],
      ['Tom Reed (AB12 CDE)', false],
      ['Ann Lee (XY70 ZZZ) (licence expiring)', false],
      ['Bob Old (licence expired)', true],
    ]);
    // The company's vehicles in service; one with a document expired cannot be chosen.
    const vehicle = within(dialog).getByLabelText('Vehicle') as HTMLSelectElement;
    const cars = within(vehicle).getAllByRole('option') as HTMLOptionElement[];
    expect(cars.map((o) => [o.textContent, o.disabled])).toEqual([
      ['Choose a vehicle', false],
      ['AB12 CDE, Toyota Prius, Silver', false],
      ['XY70 ZZZ, Toyota Prius, Silver (MOT: Expires in 12 days)', false],
      ['XY70 ZZA, Skoda Superb, Silver', false],
      ['OLD 1, Toyota Prius, Silver (Insurance: Expired)', true],
    ]);
    await user.selectOptions(select, '31');
    expect(vehicle.value).toBe('41');
    await user.selectOptions(select, '32');
    expect(vehicle.value).toBe('44');
    await user.selectOptions(vehicle, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(assigned?.body).toEqual({ driver_id: 32, vehicle_id: 45 });
    // A double press or a retry assigns (and mails the passenger) once.
    expect(assigned?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.to(ASSIGN_PATH, 'POST')).toHaveLength(1);
    const shown = screen.getByRole('region', { name: 'Driver' });
    expect(valueOf(shown, 'Name')).toBe('Ann Lee');
    expect(valueOf(shown, 'Mobile')).toBe('+44 7700 900222');
    expect(valueOf(shown, 'Vehicle registration')).toBe('XY70 ZZA');
  });

  it('warns when the chosen vehicle is not of the booked category, and sends the vehicle chosen', async () => {
    let assigned: SeenRequest | undefined;
    answerOperatorCalls({
      drivers: [
        driver(),
        driver({ id: 36, name: 'James Okafor', vehicle_registration: 'LB71 XKE', vehicle_id: 50 }),
      ],
      vehicles: [
        vehicleRecord(),
        vehicleRecord({
          id: 50,
          registration: 'LB71 XKE',
          make: 'Mercedes-Benz',
          model: 'E-Class',
          colour: 'Black',
          category_id: 3,
          category_name: 'Executive',
        }),
      ],
      booking: () => ({ body: { success: true, data: operatorBooking('confirmed') } }),
      assign: (request) => {
        assigned = request;
        return {
          body: {
            success: true,
            data: operatorBooking('driver_assigned', {
              driver: driver({ id: 36, name: 'James Okafor', vehicle_registration: 'LB71 XKE' }),
              vehicle_registration: 'AB12 CDE',
            }),
          },
        };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Assign driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign driver' });
    const select = await within(dialog).findByLabelText('Driver');
    const vehicle = within(dialog).getByLabelText('Vehicle') as HTMLSelectElement;
    const warning =
      'LB71 XKE is an Executive, but this booking is for a Saloon. Choose a Saloon below if you can: the passenger is told the registration of the vehicle sent.';

    await user.selectOptions(select, '36');
    expect(vehicle.value).toBe('50');
    expect(within(dialog).getByRole('status').textContent).toBe(warning);
    // A Saloon from the pool: nothing to warn about.
    await user.selectOptions(vehicle, '41');
    expect(within(dialog).getByRole('status').textContent).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(assigned?.body).toEqual({ driver_id: 36, vehicle_id: 41 });
    const shown = screen.getByRole('region', { name: 'Driver' });
    expect(valueOf(shown, 'Vehicle registration')).toBe('AB12 CDE');
  });

  it('lists every charge and refund in UK time, and what was paid net', async () => {
    answerOperatorCalls({ booking: () => ({ body: { success: true, data: cardPaidBooking() } }) });
    renderApp('/operator/bookings/123456');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const table = within(payments).getByRole('table', {
      name: 'Charges and refunds of booking 123456',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Type', 'For', 'Amount', 'Status', 'When (UK time)'],
      ['Charge', 'Booking', '£176.00', 'Paid', 'Fri 20 Nov 2026, 09:00'],
      [
        'Refund',
        'Change to the booking',
        '-£20.00',
        'Refund failed — retryingYour card was declined.Retry refund',
        'Sun 22 Nov 2026, 15:45',
      ],
    ]);
    expect(within(payments).getByText('Paid £176.00')).toBeTruthy();
    // The payment state as the receipt, the passenger's page and the CSV name it (issue 30).
    const price = screen.getByRole('region', { name: 'Price and payment' });
    expect(valueOf(price, 'Payment')).toBe('Partly refunded');
  });

  it('says when a booking has no card payments', async () => {
    answerOperatorCalls({ booking: () => ({ body: { success: true, data: operatorBooking() } }) });
    renderApp('/operator/bookings/123456');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(payments.textContent).toContain('No card charges or refunds.');
    expect(within(payments).queryByRole('button', { name: 'Retry refund' })).toBeNull();
  });

  it('retries a failed refund with an Idempotency-Key, then shows the booking again', async () => {
    let current: OperatorBooking = cardPaidBooking();
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: current } }),
      retryRefund: () => {
        current = cardPaidBooking('confirmed', {
          payments: [
            paymentEntry(),
            paymentEntry({
              id: 2,
              kind: 'refund',
              reason: 'amendment',
              amount: 20,
              status: 'succeeded',
              created_at: '2026-11-22T15:45:00.000Z',
            }),
          ],
          paid_amount: 156,
        });
        // An answer without the booking: the page must fetch it again.
        return { body: { success: true } };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const reads = server.to('/operator/bookings/123456', 'GET').length;
    await user.click(within(payments).getByRole('button', { name: 'Retry refund' }));

    await waitFor(() => expect(within(payments).getByText('Paid £156.00')).toBeTruthy());
    expect(within(payments).queryByText('Refund failed — retrying')).toBeNull();
    expect(within(payments).getByText('Refunded')).toBeTruthy();
    const retries = server.to(RETRY_PATH, 'POST');
    expect(retries).toHaveLength(1);
    expect(retries[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.to('/operator/bookings/123456', 'GET').length).toBeGreaterThan(reads);
  });

  it("shows a refused retry's message and the booking as it now stands", async () => {
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: cardPaidBooking() } }),
      retryRefund: () => ({
        status: 502,
        body: { success: false, message: 'The card provider refused the refund again.' },
      }),
    });
    const { user } = renderApp('/operator/bookings/123456');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const reads = server.to('/operator/bookings/123456', 'GET').length;
    await user.click(within(payments).getByRole('button', { name: 'Retry refund' }));
    expect((await within(payments).findByRole('alert')).textContent).toBe(
      'The card provider refused the refund again.',
    );
    await waitFor(() =>
      expect(server.to('/operator/bookings/123456', 'GET').length).toBeGreaterThan(reads),
    );
  });

  it('says Booking not found for a 404 (another company’s booking)', async () => {
    answerOperatorCalls({
      booking: () => ({ status: 404, body: { success: false, message: 'Booking not found' } }),
    });
    renderApp('/operator/bookings/999999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Booking not found' }),
    ).toBeTruthy();
  });
});
