import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, preloadPages } from './helpers';
import {
  answerOperatorCalls,
  boardReply,
  boardRow,
  driver,
  jobLeg,
  operatorBooking,
  vehicleRecord,
  vehicleSummary,
  type SeenRequest,
} from './operator-fixtures';

preloadPages('/operator/bookings/1', '/operator/bookings');

/** The value beside a label in a description list. */
function valueOf(container: HTMLElement, label: string): string | null {
  const term = within(container).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

/** 14:32 on 1 Dec 2026 (GMT): the offer's deadline. */
const UNTIL = '2026-12-01T14:32:00.000Z';

describe('offering a job to a driver (issue 34)', () => {
  it('offers the job from the Assign dialog, and the booking shows who it waits for and until when', async () => {
    let offered: SeenRequest | undefined;
    answerOperatorCalls({
      drivers: [driver(), driver({ id: 32, name: 'Ann Lee', vehicle_id: 44 })],
      vehicles: [vehicleRecord(), vehicleRecord({ id: 44, registration: 'XY70 ZZZ' })],
      booking: () => ({ body: { success: true, data: operatorBooking('confirmed') } }),
      offer: (request) => {
        offered = request;
        const waiting = operatorBooking('confirmed');
        waiting.jobs = [
          {
            ...jobLeg('outward', 'confirmed'),
            offer: { driver_name: 'Ann Lee', expires_at: UNTIL },
          },
        ];
        return { body: { success: true, data: waiting } };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Assign driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign driver' });
    // Offer checks the form as Assign does.
    await user.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(await within(dialog).findByText('Choose a driver', { selector: 'div' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Driver').getAttribute('aria-invalid')).toBe('true');
    expect(offered).toBeUndefined();

    await user.selectOptions(within(dialog).getByLabelText('Driver'), '32');
    expect((within(dialog).getByLabelText('Vehicle') as HTMLSelectElement).value).toBe('44');
    await user.click(within(dialog).getByRole('button', { name: 'Offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(offered).toMatchObject({
      method: 'POST',
      path: '/operator/jobs/123456/offer',
      body: { driver_id: 32, vehicle_id: 44 },
    });
    expect(offered?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Offered to Ann Lee until 14:32')).toBeTruthy();
  });

  it("says the server's refusal of an offer in the dialog, which stays open", async () => {
    answerOperatorCalls({
      booking: () => ({ body: { success: true, data: operatorBooking('confirmed') } }),
      offer: () => ({
        status: 409,
        body: {
          success: false,
          message:
            'The MOT of AB12 CDE expired on 20/11/2026: it cannot be sent on a job until it is renewed',
        },
      }),
    });
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Assign driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign driver' });
    await user.selectOptions(within(dialog).getByLabelText('Driver'), '31');
    await user.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(
      await within(dialog).findByText(
        'The MOT of AB12 CDE expired on 20/11/2026: it cannot be sent on a job until it is renewed',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Assign driver' })).toBeTruthy();
  });

  it('shows an offer on the board, and who took and dispatched a booking with the vehicle sent', async () => {
    answerOperatorCalls({
      board: () =>
        boardReply([
          boardRow({
            status: 'confirmed',
            offer: { driver_name: 'James Okafor', expires_at: UNTIL },
          }),
        ]),
    });
    const { unmount } = renderApp('/operator/bookings');
    const table = await screen.findByRole('table', { name: 'Bookings, by pickup time' });
    expect(within(table).getByText('Offered to James Okafor until 14:32')).toBeTruthy();
    unmount();

    answerOperatorCalls({
      booking: () => ({
        body: {
          success: true,
          data: operatorBooking('driver_assigned', {
            driver: driver(),
            vehicle_registration: 'AB12 CDE',
            taken_by: 'Priya Shah',
            jobs: [
              {
                ...jobLeg('outward', 'driver_assigned'),
                driver: driver(),
                vehicle_registration: 'AB12 CDE',
                vehicle: vehicleSummary(),
                dispatched_by: 'Sam Patel',
              },
            ],
          }),
        },
      }),
    });
    renderApp('/operator/bookings/123456');
    const journey = await screen.findByRole('region', { name: 'Journey' });
    expect(valueOf(journey, 'Taken by')).toBe('Priya Shah');
    const shown = screen.getByRole('region', { name: 'Driver' });
    expect(valueOf(shown, 'Name')).toBe('Tom Reed');
    expect(valueOf(shown, 'Vehicle registration')).toBe('AB12 CDE');
    expect(valueOf(shown, 'Vehicle')).toBe('Toyota Prius, Silver');
    expect(valueOf(shown, 'Dispatched by')).toBe('Sam Patel');
  });

  it('says a booking made on the site was taken online', async () => {
    answerOperatorCalls({
      booking: () => ({ body: { success: true, data: operatorBooking('pending') } }),
    });
    renderApp('/operator/bookings/123456');
    const journey = await screen.findByRole('region', { name: 'Journey' });
    expect(valueOf(journey, 'Taken by')).toBe('Online');
  });
});
