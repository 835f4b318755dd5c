import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { resetBookingDraftsForTests } from '../../src/web/features/booking/state/booking-drafts';
import { readDraft } from '../../src/web/offline/db';
import { renderApp, settingsLoaded, preloadPages } from './helpers';
import { answerAccountCalls, seedDetailsStep } from './personal-details-fixtures';
import { clearDrafts, hourlyForm, mileageForm } from './quotation-fixtures';

preloadPages('/personalDetailView');

beforeEach(clearDrafts);
afterEach(clearDrafts);

/** Saving to IndexedDB and navigating take a while on a busy machine. */
const SLOW = { timeout: 5000 };

const PICKUP_REFERENCE = 'Flight Number / Train Station / Sea Port / Ferry Name';
const RETURN_REFERENCE = 'Return Flight Number / Train Station / Sea Port / Ferry Name';

async function openDetails() {
  const view = renderApp('/personalDetailView');
  await settingsLoaded();
  await screen.findByRole('heading', { level: 1, name: 'Personal Details' });
  return view;
}

function value(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

describe('the flight / train / ferry field', () => {
  it('shows for an airport pickup only, and for the return only when the drop-off is one', async () => {
    answerAccountCalls();
    await seedDetailsStep({
      form: mileageForm({
        pickup: 'Gatwick Airport South Terminal, Horley RH6 0NP',
        dropoff: 'Dover Ferry Terminal, Dover CT17 9TF',
        select_option: 'return',
        return_date: '2030-11-23',
      }),
    });
    const first = await openDetails();
    expect(screen.getByLabelText(PICKUP_REFERENCE)).toBeTruthy();
    expect(screen.getByLabelText(RETURN_REFERENCE)).toBeTruthy();
    first.unmount();

    await clearDrafts();
    await seedDetailsStep({
      form: mileageForm({
        pickup: '10 Downing Street, London SW1A 2AA',
        dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      }),
    });
    const second = await openDetails();
    // One way: no return field, whatever the drop-off.
    expect(screen.queryByLabelText(PICKUP_REFERENCE)).toBeNull();
    expect(screen.queryByLabelText(RETURN_REFERENCE)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Journey Details' })).toBeNull();
    second.unmount();

    await clearDrafts();
    await seedDetailsStep({
      form: mileageForm({
        pickup: '10 Downing Street, London SW1A 2AA',
        dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        select_option: 'return',
        return_date: '2030-11-23',
      }),
    });
    await openDetails();
    expect(screen.queryByLabelText(PICKUP_REFERENCE)).toBeNull();
    expect(screen.getByLabelText(RETURN_REFERENCE)).toBeTruthy();
  });

  it('warns about something unlike a flight number, but Next still goes on', async () => {
    answerAccountCalls();
    await seedDetailsStep({
      form: mileageForm({
        dropoff: 'Stansted Airport, Stansted CM24 1QW',
        select_option: 'return',
        return_date: '2030-11-23',
      }),
    });
    const { user, router } = await openDetails();
    const pickup = screen.getByLabelText(PICKUP_REFERENCE);
    await user.type(pickup, 'BA 283');
    await user.tab();
    expect(screen.queryByText(BOOKING_MESSAGES.flightNumberWarning)).toBeNull();

    await user.type(screen.getByLabelText(RETURN_REFERENCE), 'Harwich ferry');
    await user.tab();
    const hint = screen.getByText(BOOKING_MESSAGES.flightNumberWarning);
    expect(hint.closest('[aria-live="polite"]')).toBeTruthy();
    expect(screen.getByLabelText(RETURN_REFERENCE).getAttribute('aria-describedby')).toBe(hint.id);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Number'), '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentview'), SLOW);
    expect(await readDraft('BookingForm')).toMatchObject({
      pickup_fight_number: 'BA 283',
      return_fight_number: 'Harwich ferry',
      // The rest of the search is kept.
      dropoff: 'Stansted Airport, Stansted CM24 1QW',
      passengers: '2',
    });
  });

  it('is saved into the hourly form for an hourly booking', async () => {
    answerAccountCalls();
    await seedDetailsStep({ bookingType: 'hourly', hourly: hourlyForm() });
    const { user } = await openDetails();
    expect(screen.queryByLabelText(RETURN_REFERENCE)).toBeNull();
    await user.type(screen.getByLabelText(PICKUP_REFERENCE), 'EZY8021');
    await waitFor(
      async () =>
        expect(await readDraft('HourlyRateForm')).toMatchObject({
          pickup_fight_number: 'EZY8021',
          pickup_duration: '6hour',
        }),
      SLOW,
    );
  });
});

describe('saved as they change', () => {
  it('brings back the mode and every field after a reload, except the password', async () => {
    answerAccountCalls();
    await seedDetailsStep({
      form: mileageForm({ select_option: 'return', return_date: '2030-11-23' }),
    });
    const first = await openDetails();
    const { user } = first;
    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Number'), '+44 7700 900123');
    await user.type(screen.getByLabelText('Return Additional Info'), 'Back at 6');
    await user.type(screen.getByLabelText(PICKUP_REFERENCE), 'BA283');
    await user.click(screen.getByRole('radio', { name: 'New Client' }));
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));

    await waitFor(async () => {
      expect(await readDraft('registrationMode')).toBe('new_client');
      expect(await readDraft('registrationData')).toMatchObject({
        firstName: 'Ada',
        privacyAccepted: true,
        password: '',
      });
      expect(await readDraft('BookingForm')).toMatchObject({ pickup_fight_number: 'BA283' });
    }, SLOW);
    first.unmount();

    // A reload: the memory is gone, IndexedDB is what remains.
    resetBookingDraftsForTests();
    await openDetails();
    expect((screen.getByRole('radio', { name: 'New Client' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(value('First Name')).toBe('Ada');
    expect(value('Surname')).toBe('Lovelace');
    expect(value('Email')).toBe('ada@example.com');
    expect(value('Number')).toBe('+44 7700 900123');
    expect(value('Password')).toBe('');
    expect(value(PICKUP_REFERENCE)).toBe('BA283');
    expect(
      (screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (
        screen.getByRole('checkbox', {
          name: 'I accept the Terms and Conditions',
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);

    await screen.findByRole('radio', { name: 'Guest' });
    await user.click(screen.getByRole('radio', { name: 'Guest' }));
    expect(value('Return Additional Info')).toBe('Back at 6');
  });

  it('keeps the password in memory while the visitor moves between steps', async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const first = await openDetails();
    await first.user.click(screen.getByRole('radio', { name: 'Existing Client' }));
    await first.user.type(screen.getByLabelText('Password'), 'hopper-1906');
    first.unmount();

    await openDetails();
    expect(
      (screen.getByRole('radio', { name: 'Existing Client' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(value('Password')).toBe('hopper-1906');
  });
});
