import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { todayInLondon } from '../../src/domain/uk-time';
import { saveBookingDraft } from '../../src/web/features/booking/state/booking-drafts';
import { db, readDraft } from '../../src/web/offline/db';
import { renderApp, settingsLoaded, preloadPages } from './helpers';
import {
  answerSubmissions,
  clearOutbox,
  deferredReply,
  failureReply,
  QUOTE_NOW_PATH,
  quoteSentReply,
  UUID,
} from './outbox-fixtures';
import { EMPTY_REGISTRATION } from '../../src/web/features/booking/details/registration-form';
import { hourlyForm, mileageForm } from './quotation-fixtures';

preloadPages('/quoteView');

beforeEach(clearOutbox);
afterEach(clearOutbox);

async function openPage() {
  const view = renderApp('/quoteView');
  await settingsLoaded();
  await screen.findByRole('heading', { level: 1, name: 'Quote Now' });
  await screen.findByRole('button', { name: 'SEND' });
  return view;
}

type User = ReturnType<typeof renderApp>['user'];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The values of every field, by label. */
function values() {
  return Object.fromEntries(
    [
      'Pick up',
      'Drop Off',
      'Date',
      'Time',
      'Email',
      'Telephone',
      'Luggages',
      'Passenger',
      'Passenger Name',
      'Additional Comments',
    ].map((label) => [label, field(label).value]),
  );
}

/** The date a week from today, which no check calls past. */
function nextWeek(): string {
  const date = new Date(`${todayInLondon(new Date())}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 7);
  return date.toISOString().slice(0, 10);
}

async function typeContact(user: User) {
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Telephone'), '07700900456');
}

async function fillRequired(user: User, date = nextWeek()) {
  await user.type(field('Date'), date);
  await user.type(field('Time'), '14:30');
  await typeContact(user);
}

/** The text a field's error shows, through its aria-describedby. */
function errorOf(label: string): string | null {
  const control = field(label);
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the Quote Now page', () => {
  it('shows each field with its label, the defaults and the ranges', async () => {
    answerSubmissions();
    await openPage();
    expect(screen.getByRole('combobox', { name: 'Pick up' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use my current location' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Drop Off' })).toBeTruthy();
    expect(field('Date').type).toBe('date');
    expect(field('Date').min).toBe(todayInLondon(new Date()));
    expect(field('Time').type).toBe('time');
    expect(field('Email').type).toBe('email');
    expect(field('Telephone')).toMatchObject({ type: 'tel', autocomplete: 'tel' });
    expect(field('Luggages')).toMatchObject({ type: 'number', min: '0', max: '20', value: '0' });
    expect(field('Passenger')).toMatchObject({ type: 'number', min: '1', max: '50', value: '1' });
    expect(field('Passenger Name').type).toBe('text');
    expect(field('Additional Comments').tagName).toBe('TEXTAREA');
    // Nothing saved: nothing prefilled but the counts' defaults.
    expect(values()).toMatchObject({ 'Pick up': '', Date: '', Time: '', Email: '' });
  });

  it('is prefilled from the saved booking form and the personal details', async () => {
    answerSubmissions();
    await saveBookingDraft('BookingType', 'milleage');
    await saveBookingDraft(
      'BookingForm',
      mileageForm({ pickup_hour: '3pm', pickup_min: '05', passengers: '3', luggages: '2' }),
    );
    await saveBookingDraft('registrationData', {
      ...EMPTY_REGISTRATION,
      firstName: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.com',
      number: '+44 7700 900456',
    });
    await openPage();
    expect(values()).toEqual({
      'Pick up': 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      'Drop Off': "London King's Cross Station, London N1 9AL",
      Date: '2030-11-21',
      Time: '15:05',
      Email: 'ada@example.com',
      Telephone: '+44 7700 900456',
      Luggages: '2',
      Passenger: '3',
      'Passenger Name': 'Ada Lovelace',
      'Additional Comments': '',
    });
  });

  it('is prefilled from the hourly form when that was the last search', async () => {
    answerSubmissions();
    await saveBookingDraft('BookingType', 'hourly');
    await saveBookingDraft('HourlyRateForm', hourlyForm({ pickup_hour: '12am', pickup_min: '30' }));
    await openPage();
    expect(values()).toMatchObject({
      'Pick up': 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      'Drop Off': '',
      Date: '2030-11-21',
      Time: '00:30',
    });
  });

  it('names each missing required field, sends nothing and puts focus on the first', async () => {
    const { sent } = answerSubmissions();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    expect(errorOf('Date')).toBe('Enter the date of the journey');
    expect(errorOf('Time')).toBe('Enter the pickup time');
    expect(errorOf('Email')).toBe('Enter your email address');
    expect(errorOf('Telephone')).toBe('Enter your telephone number');
    expect(field('Date').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Date'));
    expect(sent).toEqual([]);

    // Typing into a field clears its message.
    await user.type(field('Email'), 'ada');
    expect(errorOf('Email')).toBeNull();
  });

  it('refuses a past date, a bad email, a short number and counts outside their ranges', async () => {
    const { sent } = answerSubmissions();
    const { user } = await openPage();
    await fillRequired(user, '2020-01-01');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ada@example');
    await user.clear(field('Telephone'));
    await user.type(field('Telephone'), '12345');
    await user.clear(field('Luggages'));
    await user.type(field('Luggages'), '21');
    await user.clear(field('Passenger'));
    await user.type(field('Passenger'), '0');
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    expect(errorOf('Date')).toBe('Date cannot be in the past');
    expect(errorOf('Email')).toBe('Enter a valid email address, like name@example.com');
    expect(errorOf('Telephone')).toBe('Telephone must have at least 7 digits');
    expect(errorOf('Luggages')).toBe('Luggages must be a whole number from 0 to 20');
    expect(errorOf('Passenger')).toBe('Passenger must be a whole number from 1 to 50');
    expect(sent).toEqual([]);
  });

  it('refuses an email that is not one plain mailbox, under the field, by the server’s own rule (issue 30)', async () => {
    const { sent } = answerSubmissions();
    const { user } = await openPage();
    await fillRequired(user);
    for (const email of [
      'victim(1)@x.example',
      'Refund-at-evil.example<victim@x.example>',
      '"victim"@x.example',
      'victim@[192.0.2.1]',
    ]) {
      await user.clear(field('Email'));
      // user-event reads '[' and '{' as key names; doubled they type themselves.
      await user.type(field('Email'), email.replace(/[[{]/g, '$&$&'));
      expect(field('Email').value).toBe(email);
      await user.click(screen.getByRole('button', { name: 'SEND' }));
      expect(errorOf('Email'), email).toBe('Enter a valid email address, like name@example.com');
    }
    expect(sent).toEqual([]);
  });

  it("shows 'wait' while sending, then the sent message; clears the form and the saved booking form", async () => {
    const answer = deferredReply();
    const { sent } = answerSubmissions({ [QUOTE_NOW_PATH]: [answer.reply] });
    await saveBookingDraft('BookingForm', mileageForm({ pickup_date: nextWeek() }));
    const { user } = await openPage();
    await typeContact(user);
    await user.type(field('Passenger Name'), 'Ada Lovelace');
    await user.type(field('Additional Comments'), 'Two child seats, please');
    await user.click(screen.getByRole('button', { name: 'SEND' }));

    const waiting = await screen.findByRole('button', { name: 'wait' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      pickup_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      dropoff_address: "London King's Cross Station, London N1 9AL",
      pickup_date: nextWeek(),
      pickup_time: '15:05',
      passenger_email: 'ada@example.com',
      passenger_phone: '07700900456',
      passenger_name: 'Ada Lovelace',
      additional_info: 'Two child seats, please',
      passengers: 2,
      luggages: 1,
    });
    expect(sent[0]!.key).toMatch(UUID);

    answer.release(quoteSentReply);
    const status = await screen.findByText(SUBMISSION_MESSAGES.quoteSent);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SEND' })).toBeTruthy();
    expect(values()).toMatchObject({ 'Pick up': '', Date: '', Email: '', Passenger: '1' });
    await waitFor(async () => expect(await readDraft('BookingForm')).toBeUndefined());
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps everything typed and marks the fields the server names when it refuses', async () => {
    answerSubmissions({
      [QUOTE_NOW_PATH]: [
        failureReply(400, 'passenger_phone may contain only digits, spaces, +, ( ) and -', [
          {
            path: 'passenger_phone',
            message: 'passenger_phone may contain only digits, spaces, +, ( ) and -',
          },
        ]),
      ],
    });
    await saveBookingDraft('BookingForm', mileageForm({ pickup_date: nextWeek() }));
    const { user } = await openPage();
    await typeContact(user);
    const typed = values();
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    await waitFor(() => expect(alert.textContent).toBe(SUBMISSION_MESSAGES.quoteFailed));
    expect(errorOf('Telephone')).toBe('Telephone may contain only digits, spaces, +, ( ) and -');
    expect(document.activeElement).toBe(field('Telephone'));
    expect(values()).toEqual(typed);
    expect(await readDraft('BookingForm')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('saves the request when offline, says so, clears the form and lists it as waiting', async () => {
    const { sent } = answerSubmissions({ [QUOTE_NOW_PATH]: [quoteSentReply] });
    const { user } = await openPage();
    await fillRequired(user);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    await screen.findByText(SUBMISSION_MESSAGES.queuedOffline);
    expect(sent).toEqual([]);
    expect(values()).toMatchObject({ Date: '', Time: '', Email: '', Telephone: '' });
    const list = await screen.findByRole('region', { name: 'Waiting to send' });
    expect(within(list).getByRole('listitem').textContent).toMatch(/^Quote request, saved /);
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'quote-now', body: { passenger_email: 'ada@example.com' } });
  });

  it('saves the request when the server is down, then sends it under the same key', async () => {
    const { sent } = answerSubmissions({
      [QUOTE_NOW_PATH]: [failureReply(503, 'Something went wrong'), quoteSentReply],
    });
    const { user } = await openPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    await screen.findByText(SUBMISSION_MESSAGES.queuedOffline);
    const list = await screen.findByRole('region', { name: 'Waiting to send' });

    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(list.isConnected).toBe(false));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(await db.outbox.count()).toBe(0);
  });

  it('changes the saved notice to the sent message once the saved request has gone', async () => {
    const { sent } = answerSubmissions({ [QUOTE_NOW_PATH]: [quoteSentReply] });
    const { user } = await openPage();
    await fillRequired(user);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    const status = (await screen.findByText(SUBMISSION_MESSAGES.queuedOffline)).closest(
      '[role="status"]',
    )!;

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status.textContent).toBe(SUBMISSION_MESSAGES.quoteSent));
    expect(sent).toHaveLength(1);
    expect(screen.queryByText(SUBMISSION_MESSAGES.queuedOffline)).toBeNull();
  });

  it('scrolls the outcome into view after SEND', async () => {
    answerSubmissions({ [QUOTE_NOW_PATH]: [quoteSentReply] });
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { user } = await openPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    const status = (await screen.findByText(SUBMISSION_MESSAGES.quoteSent)).closest(
      '[role="status"]',
    )!;
    await waitFor(() => expect(scrolled.some((element) => element.contains(status))).toBe(true));
  });

  it('keeps a telephone in international format, as typed, and sends it so', async () => {
    const { sent } = answerSubmissions({ [QUOTE_NOW_PATH]: [quoteSentReply] });
    const { user } = await openPage();
    await user.type(field('Date'), nextWeek());
    await user.type(field('Time'), '14:30');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Telephone'), '+44 7700 900555');
    expect(field('Telephone').value).toBe('+44 7700 900555');
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    await screen.findByText(SUBMISSION_MESSAGES.quoteSent);
    expect(sent[0]!.body.passenger_phone).toBe('+44 7700 900555');
  });

  it("refuses letters in the telephone with the shared phone rule's words", async () => {
    const { sent } = answerSubmissions();
    const { user } = await openPage();
    await fillRequired(user);
    await user.clear(field('Telephone'));
    await user.type(field('Telephone'), '0770 abc 123');
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    expect(errorOf('Telephone')).toBe('Telephone may contain only digits, spaces, +, ( ) and -');
    expect(sent).toEqual([]);
  });
});
