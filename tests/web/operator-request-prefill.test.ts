import { describe, expect, it } from 'vitest';
import type { ConsoleRequest } from '../../src/contract/operator-requests';
import { newBookingDefaults } from '../../src/web/features/operator/lib/new-booking-form';
import {
  bookingValuesFrom,
  requestIdOf,
} from '../../src/web/features/operator/requests/lib/request-prefill';

/** A Quote Now request as GET /operator/requests/{id} answers it. */
function quoteRequest(quote: Partial<NonNullable<ConsoleRequest['quote']>> = {}): ConsoleRequest {
  return {
    id: 12,
    kind: 'quote-now',
    state: 'new',
    received_at: '2026-11-21T10:00:00.000Z',
    name: 'Grace Hopper',
    email: 'grace.hopper@example.co.uk',
    phone: '+44 7700 900123',
    quote: {
      pickup_address: 'Reading Station, RG1 1LZ',
      dropoff_address: 'Heathrow Airport Terminal 5, TW6 2GA',
      pickup_date: '2026-11-28',
      pickup_time: '14:32',
      passengers: 3,
      luggages: 2,
      additional_info: 'Two child seats',
      ...quote,
    },
    contact: null,
    booked_as: null,
    replies: [],
  };
}

describe('Book this: New booking filled in from a Quote Now request', () => {
  const defaults = newBookingDefaults('2026-11-21');

  it('takes the journey, the time at the form’s 5-minute step before it, and the caller', () => {
    expect(bookingValuesFrom(quoteRequest(), defaults)).toEqual({
      ...defaults,
      kind: 'milleage',
      pickup: 'Reading Station, RG1 1LZ',
      dropoff: 'Heathrow Airport Terminal 5, TW6 2GA',
      pickup_date: '2026-11-28',
      pickup_hour: '2pm',
      pickup_min: '30',
      passengers: '3',
      luggages: '2',
      name: 'Grace Hopper',
      email: 'grace.hopper@example.co.uk',
      phone: '+44 7700 900123',
      additional_info: 'Two child seats',
    });
  });

  it('keeps counts within what the form offers, and midnight as 12am', () => {
    const values = bookingValuesFrom(
      quoteRequest({ passengers: 50, luggages: 20, pickup_time: '00:05' }),
      defaults,
    );
    expect(values).toMatchObject({
      passengers: '20',
      luggages: '20',
      pickup_hour: '12am',
      pickup_min: '05',
    });
  });

  it('leaves a Contact Us message’s form as it opens, and reads only a whole-number id', () => {
    const contact: ConsoleRequest = {
      ...quoteRequest(),
      kind: 'contact-us',
      quote: null,
      contact: { query_reason: 'Booking', booking_number: '', comments: '' },
    };
    expect(bookingValuesFrom(contact, defaults)).toEqual(defaults);
    expect(requestIdOf(new URLSearchParams('request=12'))).toBe(12);
    expect(requestIdOf(new URLSearchParams('request=12abc'))).toBeNull();
    expect(requestIdOf(new URLSearchParams(''))).toBeNull();
  });
});
