import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceDetail } from '../../src/contract/quotes';
import { API_PATHS } from '../../src/contract/paths';
import { demoPlaces, renderApp, preloadPages } from './helpers';
import { answerOperatorCalls, operatorBooking, type SeenRequest } from './operator-fixtures';

preloadPages('/operator/bookings/new');

/** Types a whole text at once (pasted): the form reads it the same, in a fraction of the time. */
async function fill(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function offer(overrides: Partial<PriceDetail> = {}): PriceDetail {
  return {
    vehicle_id: 1,
    company_id: 1,
    company_name: 'Heathrow Cars Ltd',
    vehicle_type: 'Saloon',
    vehicle_image: 'fleet/saloon.webp',
    max_seat: 4,
    luggage: 2,
    small_luggage: 2,
    rating: 4.5,
    price: 45,
    final_price: 45,
    breakdown: { outward_fare: 45, final_price: 45 },
    ...overrides,
  };
}

describe('a phone booking', () => {
  it("suggests addresses from the site's gazetteer, as passengers get them", async () => {
    const asked: string[] = [];
    answerOperatorCalls({
      other: (request) => {
        if (request.path !== API_PATHS.aiAddresses) return undefined;
        asked.push(request.query.get('q') ?? '');
        return { body: { success: true, data: demoPlaces } };
      },
    });
    const { user } = renderApp('/operator/bookings/new');
    const pickup = await screen.findByRole('combobox', { name: 'Pickup address' });
    await user.type(pickup, 'Heath');
    const option = await screen.findByRole('option', {
      name: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    });
    await user.click(option);
    expect((pickup as HTMLInputElement).value).toBe(
      'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    );
    expect(asked).toContain('Heath');
  });

  it('prices the journey with the public price call, then books the chosen vehicle', async () => {
    const seen: SeenRequest[] = [];
    answerOperatorCalls({
      other: (request) => {
        seen.push(request);
        if (request.path === API_PATHS.calculateDistancePrice) {
          return {
            body: {
              success: true,
              price_details: [
                offer(),
                offer({ vehicle_id: 2, vehicle_type: 'MPV', final_price: 61.5 }),
                // Another company's: a dispatcher books their own company's vehicles only.
                offer({
                  vehicle_id: 3,
                  company_id: 2,
                  company_name: 'Northern Star',
                  vehicle_type: 'Estate',
                  final_price: 20,
                }),
              ],
            },
          };
        }
        if (request.path === API_PATHS.calculateSelectedVehiclePrice) {
          return {
            body: {
              success: true,
              quote_id: 'q-123',
              expires_at: '2026-12-01T15:00:00.000Z',
              vehicle_count: 1,
              price: 61.5,
              final_price: 61.5,
              breakdown: { outward_fare: 61.5, final_price: 61.5 },
              price_detail: offer({ vehicle_id: 2, vehicle_type: 'MPV', final_price: 61.5 }),
            },
          };
        }
        return undefined;
      },
      createBooking: (request) => {
        seen.push(request);
        return { body: { success: true, data: { booking_number: '654321' } } };
      },
      booking: () => ({ body: { success: true, data: operatorBooking('confirmed') } }),
    });
    const { user, router } = renderApp('/operator/bookings/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New booking' })).toBeTruthy();

    await fill(user, screen.getByLabelText('Pickup address'), 'Reading Station, RG1 1LZ');
    await fill(user, screen.getByLabelText('Drop-off address'), 'Heathrow Airport Terminal 5');
    const date = screen.getByLabelText('Pickup date');
    await user.clear(date);
    await fill(user, date, '2026-12-01');
    await user.selectOptions(screen.getByLabelText('Pickup hour'), '14');
    await user.selectOptions(screen.getByLabelText('Pickup minute'), '30');
    await user.selectOptions(screen.getByLabelText('Passengers'), '3');
    await user.selectOptions(screen.getByLabelText('Luggage'), '4');
    await fill(user, screen.getByLabelText('Flight / train number'), 'BA283');
    await user.click(screen.getByRole('button', { name: 'Get prices' }));

    const vehicles = await screen.findByRole('radiogroup', { name: 'Vehicle' });
    expect(within(vehicles).getAllByRole('radio')).toHaveLength(2);
    expect(within(vehicles).queryByLabelText(/Northern Star/)).toBeNull();
    await user.click(within(vehicles).getByLabelText('MPV, Heathrow Cars Ltd, £61.50'));
    await fill(user, screen.getByLabelText('Name'), 'Eleanor Hart');
    await fill(user, screen.getByLabelText('Email'), 'eleanor.hart@example.co.uk');
    await fill(user, screen.getByLabelText('Phone'), '+44 7700 900456');
    await user.click(screen.getByLabelText('On account'));
    await user.click(screen.getByRole('button', { name: 'Create booking' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/bookings/654321'));
    const [priced] = seen.filter((r) => r.path === API_PATHS.calculateDistancePrice);
    expect(priced?.body).toMatchObject({
      pickup: 'Reading Station, RG1 1LZ',
      dropoff: 'Heathrow Airport Terminal 5',
      pickup_date: '2026-12-01',
      pickup_hour: '2pm',
      pickup_min: '30',
      passengers: 3,
      // The luggage decides which vehicles fit, so the price call carries it.
      luggages: 4,
      pickup_fight_number: 'BA283',
      select_option: 'one_way',
    });
    const [quoted] = seen.filter((r) => r.path === API_PATHS.calculateSelectedVehiclePrice);
    expect(quoted?.body).toMatchObject({ bookingType: 'milleage', vehicle_id: 2, company_id: 1 });
    const [created] = seen.filter((r) => r.path === API_PATHS.operatorBookings);
    expect(created?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(created?.body).toMatchObject({
      booking_type: 'milleage',
      form: {
        pickup: 'Reading Station, RG1 1LZ',
        pickup_hour: '2pm',
        passengers: 3,
        luggages: 4,
        pickup_fight_number: 'BA283',
      },
      selected_vehicle: { quote_id: 'q-123', tbms_vid: 2, company_id: 1, vehicle_count: 1 },
      passenger: {
        name: 'Eleanor Hart',
        email: 'eleanor.hart@example.co.uk',
        phone: '+44 7700 900456',
        additional_info: '',
      },
      payment_method: 'account',
    });
  });

  it("shows the booking call's problems under the passenger's fields", async () => {
    answerOperatorCalls({
      other: (request) =>
        request.path === API_PATHS.calculateDistancePrice
          ? { body: { success: true, price_details: [offer()] } }
          : request.path === API_PATHS.calculateSelectedVehiclePrice
            ? {
                body: {
                  success: true,
                  quote_id: 'q-1',
                  expires_at: '2026-12-01T15:00:00.000Z',
                  vehicle_count: 1,
                  price: 45,
                  final_price: 45,
                  breakdown: { final_price: 45 },
                  price_detail: offer(),
                },
              }
            : undefined,
      createBooking: () => ({
        status: 400,
        body: {
          success: false,
          message: 'Validation failed',
          errors: [{ path: 'passenger.phone', message: 'phone must be a UK phone number' }],
        },
      }),
    });
    const { user } = renderApp('/operator/bookings/new');
    await fill(user, await screen.findByLabelText('Pickup address'), 'Reading Station');
    await fill(user, screen.getByLabelText('Drop-off address'), 'Heathrow');
    await user.selectOptions(screen.getByLabelText('Pickup hour'), '09');
    await user.selectOptions(screen.getByLabelText('Pickup minute'), '00');
    await user.click(screen.getByRole('button', { name: 'Get prices' }));
    await user.click(await screen.findByLabelText('Saloon, Heathrow Cars Ltd, £45.00'));
    await fill(user, screen.getByLabelText('Name'), 'Eleanor Hart');
    await fill(user, screen.getByLabelText('Email'), 'eleanor.hart@example.co.uk');
    await fill(user, screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(await screen.findByText('Phone must be a UK phone number')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the price call's field problems under their fields", async () => {
    answerOperatorCalls({
      other: (request) =>
        request.path === API_PATHS.calculateDistancePrice
          ? {
              status: 400,
              body: {
                success: false,
                message: 'Validation failed',
                errors: [{ path: 'pickup_date', message: 'pickup_date is in the past' }],
              },
            }
          : undefined,
    });
    const { user } = renderApp('/operator/bookings/new');
    await fill(user, await screen.findByLabelText('Pickup address'), 'Reading Station');
    await fill(user, screen.getByLabelText('Drop-off address'), 'Heathrow');
    await user.selectOptions(screen.getByLabelText('Pickup hour'), '09');
    await user.selectOptions(screen.getByLabelText('Pickup minute'), '00');
    await user.click(screen.getByRole('button', { name: 'Get prices' }));
    expect(await screen.findByText('Pickup date is in the past')).toBeTruthy();
    expect(screen.getByLabelText('Pickup date').getAttribute('aria-invalid')).toBe('true');
  });

  it('prices and books an hourly hire through the hourly price call', async () => {
    const seen: SeenRequest[] = [];
    answerOperatorCalls({
      other: (request) => {
        seen.push(request);
        if (request.path === API_PATHS.calculateHourlyPrice) {
          return { body: { success: true, price_details: [offer({ final_price: 240 })] } };
        }
        if (request.path === API_PATHS.calculateSelectedVehiclePrice) {
          return {
            body: {
              success: true,
              quote_id: 'q-h',
              expires_at: '2026-12-01T15:00:00.000Z',
              vehicle_count: 1,
              price: 240,
              final_price: 240,
              breakdown: { hourly_fare: 240, final_price: 240 },
              price_detail: offer({ final_price: 240 }),
            },
          };
        }
        return undefined;
      },
      createBooking: (request) => {
        seen.push(request);
        return { body: { success: true, data: { booking_number: '654322' } } };
      },
    });
    const { user, router } = renderApp('/operator/bookings/new');
    await user.click(await screen.findByLabelText('Hourly'));
    expect(screen.queryByLabelText('Drop-off address')).toBeNull();
    await fill(user, screen.getByLabelText('Pickup address'), 'Reading Station, RG1 1LZ');
    await user.selectOptions(screen.getByLabelText('Hours'), '6 hours');
    await user.selectOptions(screen.getByLabelText('Pickup hour'), '09');
    await user.selectOptions(screen.getByLabelText('Pickup minute'), '15');
    await user.click(screen.getByRole('button', { name: 'Get prices' }));
    await user.click(await screen.findByLabelText('Saloon, Heathrow Cars Ltd, £240.00'));
    await fill(user, screen.getByLabelText('Name'), 'Eleanor Hart');
    await fill(user, screen.getByLabelText('Email'), 'eleanor.hart@example.co.uk');
    await fill(user, screen.getByLabelText('Phone'), '+44 7700 900456');
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/bookings/654322'));

    const priced = seen.find((r) => r.path === API_PATHS.calculateHourlyPrice);
    expect(priced?.body).toMatchObject({
      pickup: 'Reading Station, RG1 1LZ',
      pickup_duration: '6hour',
      pickup_hour: '9am',
      pickup_min: '15',
    });
    const quoted = seen.find((r) => r.path === API_PATHS.calculateSelectedVehiclePrice);
    expect(quoted?.body).toMatchObject({ bookingType: 'hourly', hourlyRateForm: priced?.body });
    const created = seen.find((r) => r.path === API_PATHS.operatorBookings);
    expect(created?.body).toMatchObject({ booking_type: 'hourly', form: priced?.body });
  });

  it('asks for the drop-off of a one-way journey before pricing it', async () => {
    const server = answerOperatorCalls();
    const { user } = renderApp('/operator/bookings/new');
    await fill(user, await screen.findByLabelText('Pickup address'), 'Reading Station');
    await user.click(screen.getByRole('button', { name: 'Get prices' }));
    expect(await screen.findByText('Enter the drop-off address')).toBeTruthy();
    expect(server.to(API_PATHS.calculateDistancePrice)).toHaveLength(0);
  });
});
