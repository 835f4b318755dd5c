import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CORPORATE_MESSAGES } from '../../src/domain/messages';
import { system } from '../../src/web/components/chakra/theme';
import { BookingDetailsModal } from '../../src/web/features/corporate/components/booking-details-modal';
import { SMALL_SCREEN_QUERY } from '../../src/web/lib/use-small-screen';
import { renderApp, preloadPages } from './helpers';
import {
  answerCorporateCalls,
  corporateBooking,
  manyBookings,
  signedIn,
  signedOut,
  valueOf,
} from './corporate-fixtures';

preloadPages('/bookings');

beforeEach(async () => {
  await signedOut();
  await signedIn();
});

/** The rows of the bookings table's body. */
function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table');
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

async function openDetails(bookingNumber: string) {
  const { user } = renderedApp!;
  await user.click(
    await screen.findByRole('button', { name: `Details of booking ${bookingNumber}` }),
  );
  return screen.findByRole('dialog', { name: 'Booking Details' });
}

let renderedApp: ReturnType<typeof renderApp> | undefined;

describe('the bookings list', () => {
  it('pages 1,000 bookings twenty at a time, with only one page of rows in the document', async () => {
    answerCorporateCalls({ bookings: manyBookings(1000) });
    renderedApp = renderApp('/bookings');
    const { user, router } = renderedApp;

    expect(await screen.findByText('Page 1 of 50.')).toBeTruthy();
    expect(screen.getByText('Showing 1–20 of 1,000')).toBeTruthy();
    expect(bodyRows()).toHaveLength(20);
    expect(within(bodyRows()[0]!).getByRole('rowheader').textContent).toBe('800001000');
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 50.')).toBeTruthy();
    expect(screen.getByText('Showing 21–40 of 1,000')).toBeTruthy();
    expect(bodyRows()).toHaveLength(20);
    expect(within(bodyRows()[0]!).getByRole('rowheader').textContent).toBe('800000980');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getAllByRole('button', { name: /^Details of booking/ })).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 50.')).toBeTruthy();
    expect(within(bodyRows()[0]!).getByRole('rowheader').textContent).toBe('800001000');
  });

  it('opens the last page from the URL and goes no further', async () => {
    answerCorporateCalls({ bookings: manyBookings(1000) });
    renderedApp = renderApp('/bookings?page=50');
    const { user } = renderedApp;
    expect(await screen.findByText('Showing 981–1,000 of 1,000')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    expect(screen.getByText('Page 50 of 50.')).toBeTruthy();
    expect(within(bodyRows()[19]!).getByRole('rowheader').textContent).toBe('800000001');
  });

  it("shows the spec's columns with en-GB dates, £ amounts and the spec's words", async () => {
    answerCorporateCalls({
      bookings: [
        corporateBooking({
          booking_number: '710000002',
          payment_method: 'car',
          total_booking_amount: 1234.5,
          pick_up_date: '2026-11-21',
          pick_up_time: '18:30',
          fleet_category: { category_name: 'Saloon' },
        }),
        corporateBooking({
          booking_number: '710000003',
          ride_type: 'H',
          drop_off_address: '',
          hourly_duration: 4,
          total_booking_amount: 240,
        }),
      ],
    });
    renderedApp = renderApp('/bookings');
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Bookings',
    ]);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Booking Number',
      'Pickup',
      'Destination',
      'Pickup Date',
      'Pickup Time',
      'Vehicle',
      'Payment Method',
      'Booking Amount',
      'Booking Type',
      'Status',
      'Actions',
    ]);
    const [car, hourly] = bodyRows();
    const cells = (row: HTMLElement) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent,
      );
    expect(cells(car!)).toEqual([
      '710000002',
      'Reading Station, RG1 1LZ',
      'Heathrow Airport Terminal 5, TW6 2GA',
      '21 Nov 2026',
      '18:30',
      'Saloon',
      'Pay to driver',
      '£1,234.50',
      'Quotation',
      'Confirmed',
      'Details',
    ]);
    expect(cells(hourly!).slice(6, 9)).toEqual(['Pay by Card', '£240.00', 'Hourly Booking']);
    // The visible text of each button is 'Details'; its name adds the booking number.
    expect(within(car!).getByRole('button').textContent).toBe('Details');
    expect(within(car!).getByRole('button', { name: 'Details of booking 710000002' })).toBeTruthy();
    // The table scrolls sideways in a labelled region that a keyboard can reach.
    const region = screen.getByRole('region', { name: 'Your bookings, newest first' });
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('says there are no bookings yet, with a way to book', async () => {
    answerCorporateCalls({ bookings: [] });
    renderedApp = renderApp('/bookings');
    expect(await screen.findByText(/No bookings yet\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a ride' }).getAttribute('href')).toBe(
      '/book-now',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the Booking Details modal', () => {
  it('shows a return with its own return time, flights, luggage and extras', async () => {
    answerCorporateCalls({
      bookings: [
        corporateBooking({
          booking_number: '710000006',
          pick_up_time: '11:20',
          return_date: '2026-11-24',
          return_time: '19:05',
          flight_no: 'VS3',
          return_flight_no: 'VS4',
          payment_method: 'card',
          total_booking_amount: 276,
          booking_details: {
            luggages: 5,
            vehicle_qty: 2,
            meet_and_greet: 'yes',
            baby_seat: 1,
            booster_seat: 0,
            wheel_chair: 'no',
            special_luggages: 2,
            waiting_minutes: 15,
          },
          // The way back has its own (issue 30): three travel, with a wheelchair and a booster seat.
          return_booking_details: {
            total_passengers: 3,
            luggages: 2,
            meet_and_greet: 'no',
            baby_seat: 0,
            booster_seat: 1,
            wheel_chair: 'yes',
            special_luggages: 0,
            waiting_minutes: 30,
          },
          passenger_detail: {
            passenger_name: 'Eleanor Hart',
            passenger_email: 'eleanor.hart@example.co.uk',
            passenger_contact_no: '+44 7700 900456',
            total_passengers: 5,
            additional_info: 'Two child seats please',
          },
        }),
      ],
    });
    renderedApp = renderApp('/bookings');
    const dialog = await openDetails('710000006');

    expect(valueOf(dialog, 'Booking Number')).toBe('710000006');
    expect(valueOf(dialog, 'Pickup Address')).toBe('Reading Station, RG1 1LZ');
    expect(valueOf(dialog, 'Destination')).toBe('Heathrow Airport Terminal 5, TW6 2GA');
    expect(valueOf(dialog, 'Pickup Date')).toBe('21 Nov 2026');
    expect(valueOf(dialog, 'Pickup Time')).toBe('11:20');
    expect(valueOf(dialog, 'Return Date')).toBe('24 Nov 2026');
    expect(valueOf(dialog, 'Return Time')).toBe('19:05');
    expect(valueOf(dialog, 'Vehicle')).toBe('Executive');
    expect(valueOf(dialog, 'Payment Method')).toBe('Pay by Card');
    expect(valueOf(dialog, 'Amount')).toBe('£276.00');
    expect(valueOf(dialog, 'Ride Type')).toBe('Quotation');
    expect(valueOf(dialog, 'Status')).toBe('Confirmed');
    expect(valueOf(dialog, 'Flight Number')).toBe('VS3');
    expect(valueOf(dialog, 'Return Flight Number')).toBe('VS4');
    expect(valueOf(dialog, 'Luggages')).toBe('5');
    expect(valueOf(dialog, 'Total Vehicles')).toBe('2');

    const people = within(dialog).getByRole('region', { name: 'Passenger' });
    expect(valueOf(people, 'Name')).toBe('Eleanor Hart');
    expect(valueOf(people, 'Email')).toBe('eleanor.hart@example.co.uk');
    expect(valueOf(people, 'Contact Number')).toBe('+44 7700 900456');
    expect(valueOf(people, 'Total Passengers')).toBe('5');
    expect(valueOf(people, 'Additional Info')).toBe('Two child seats please');

    const extras = within(dialog).getByRole('region', { name: 'Additional Details' });
    expect(valueOf(extras, 'Meet and Greet')).toBe('Yes');
    expect(valueOf(extras, 'Baby Seat')).toBe('Yes');
    expect(valueOf(extras, 'Booster Seat')).toBe('No');
    expect(valueOf(extras, 'Wheelchair')).toBe('No');
    expect(valueOf(extras, 'Special Luggages')).toBe('Yes');
    expect(valueOf(extras, 'Waiting Minutes')).toBe('15');
    const back = within(dialog).getByRole('region', { name: 'Return Additional Details' });
    expect(valueOf(back, 'Return Passengers')).toBe('3');
    expect(valueOf(back, 'Return Luggages')).toBe('2');
    expect(valueOf(back, 'Meet and Greet')).toBe('No');
    expect(valueOf(back, 'Booster Seat')).toBe('Yes');
    expect(valueOf(back, 'Wheelchair')).toBe('Yes');
    expect(valueOf(back, 'Waiting Minutes')).toBe('30');
    expect(within(dialog).queryByRole('region', { name: 'Stops' })).toBeNull();
    expect(within(dialog).queryByText(/Last updated/)).toBeNull();
  });

  it('leaves out the return, flights, luggage and stops a one-way booking does not have', async () => {
    answerCorporateCalls({ bookings: [corporateBooking({ booking_number: '710000001' })] });
    renderedApp = renderApp('/bookings');
    const dialog = await openDetails('710000001');
    expect(valueOf(dialog, 'Pickup Time')).toBe('07:15');
    for (const absent of [
      'Return Date',
      'Return Time',
      'Flight Number',
      'Return Flight Number',
      'Luggages',
      'Hourly Duration',
    ]) {
      expect(within(dialog).queryByText(absent, { selector: 'dt' })).toBeNull();
    }
    expect(valueOf(dialog, 'Total Vehicles')).toBe('1');
    expect(within(dialog).queryByRole('region', { name: 'Stops' })).toBeNull();
  });

  it('keeps showing the booking while the details close, never "no details"', async () => {
    answerCorporateCalls({ bookings: [corporateBooking({ booking_number: '710000001' })] });
    renderedApp = renderApp('/bookings');
    const dialog = await openDetails('710000001');
    expect(within(dialog).getByText('710000001')).toBeTruthy();
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes(CORPORATE_MESSAGES.noBookingDetails)) {
        seen.push(CORPORATE_MESSAGES.noBookingDetails);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await renderedApp.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    observer.disconnect();
    expect(seen).toEqual([]);
  });

  it('lists every stop with its address, post code and street number', async () => {
    answerCorporateCalls({
      bookings: [
        corporateBooking({
          booking_number: '710000009',
          booking_stops: [
            {
              stop_address: '10 Downing Street, SW1A 2AA',
              stop_post_code: 'SW1A 2AA',
              stop_street_number: '10',
            },
            {
              stop_address: 'Victoria Station, SW1V 1JU',
              stop_post_code: 'SW1V 1JU',
              stop_street_number: '',
            },
          ],
        }),
      ],
    });
    renderedApp = renderApp('/bookings');
    const dialog = await openDetails('710000009');
    const stops = within(dialog).getByRole('region', { name: 'Stops' });
    const first = within(stops).getByRole('listitem', { name: 'Stop 1' });
    expect(valueOf(first, 'Address')).toBe('10 Downing Street, SW1A 2AA');
    expect(valueOf(first, 'Post Code')).toBe('SW1A 2AA');
    expect(valueOf(first, 'Street Number')).toBe('10');
    const second = within(stops).getByRole('listitem', { name: 'Stop 2' });
    expect(valueOf(second, 'Address')).toBe('Victoria Station, SW1V 1JU');
  });

  it('shows an hourly booking as Hourly Booking with its duration', async () => {
    answerCorporateCalls({
      bookings: [
        corporateBooking({
          booking_number: '710000003',
          ride_type: 'H',
          drop_off_address: '',
          hourly_duration: 4,
        }),
      ],
    });
    renderedApp = renderApp('/bookings');
    const dialog = await openDetails('710000003');
    expect(valueOf(dialog, 'Ride Type')).toBe('Hourly Booking');
    expect(valueOf(dialog, 'Hourly Duration')).toBe('4 hours');
    expect(valueOf(dialog, 'Destination')).toBe('—');
  });

  it('says there are no details when no booking is selected', async () => {
    render(
      <ChakraProvider value={system}>
        <BookingDetailsModal open booking={null} lastUpdated={null} onClose={() => undefined} />
      </ChakraProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByText(CORPORATE_MESSAGES.noBookingDetails)).toBeTruthy();
  });
});

describe('on a phone (768px or less)', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    const original = window.matchMedia;
    // The window's width is the browser's to report; jsdom has no layout, so it says so here.
    window.matchMedia = (query: string) =>
      ({ ...original(query), matches: query === SMALL_SCREEN_QUERY }) as MediaQueryList;
    restore = () => {
      window.matchMedia = original;
    };
  });
  afterEach(() => restore());

  it('lists the bookings as cards with the same facts and a Details button each', async () => {
    answerCorporateCalls({ bookings: manyBookings(25) });
    renderedApp = renderApp('/bookings');
    const list = await screen.findByRole('list', { name: 'Your bookings, newest first' });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('article', { name: 'Booking Number 800000025' });
    expect(valueOf(card, 'Payment Method')).toBe('Pay by Card');
    expect(valueOf(card, 'Booking Amount')).toBe('£89.50');
    expect(valueOf(card, 'Booking Type')).toBe('Quotation');
    expect(valueOf(card, 'Status')).toBe('Confirmed');
    expect(screen.getByText('Page 1 of 2.')).toBeTruthy();
    const dialog = await openDetails('800000025');
    expect(valueOf(dialog, 'Booking Number')).toBe('800000025');
  });

  it('keeps the menu in a drawer that starts closed and opens from the hamburger', async () => {
    answerCorporateCalls({ bookings: [] });
    renderedApp = renderApp('/bookings');
    const { user } = renderedApp;
    expect(await screen.findByText('Corporate Account')).toBeTruthy();
    await screen.findByText(/No bookings yet/);
    expect(screen.queryByRole('navigation', { name: 'Corporate account' })).toBeNull();
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');

    await user.click(hamburger);
    const drawer = await screen.findByRole('dialog', { name: 'Corporate Account' });
    const nav = within(drawer).getByRole('navigation', { name: 'Corporate account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Book Now', 'Bookings', 'My Account']);
    await user.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
