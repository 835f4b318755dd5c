import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { db } from '../../src/web/offline/db';
import { renderApp, settingsLoaded, preloadPages } from './helpers';
import {
  answerSubmissions,
  clearOutbox,
  CONTACT_PATH,
  deferredReply,
  failureReply,
  formSubmittedReply,
  UUID,
} from './outbox-fixtures';

preloadPages('/contactus');

beforeEach(clearOutbox);
afterEach(clearOutbox);

async function openPage() {
  const view = renderApp('/contactus');
  await settingsLoaded();
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  return view;
}

type User = ReturnType<typeof renderApp>['user'];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

const LABELS = [
  'First Name',
  'Last Name',
  'Email',
  'Telephone',
  'Query Reason',
  'Booking Number',
  'Additional Comments',
];

function values() {
  return Object.fromEntries(LABELS.map((label) => [label, field(label).value]));
}

async function fillIn(user: User) {
  await user.type(field('First Name'), 'Ada');
  await user.type(field('Last Name'), 'Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Telephone'), '07700900456');
  await user.selectOptions(field('Query Reason'), 'Lost Item');
  await user.type(field('Booking Number'), '100234');
  await user.type(field('Additional Comments'), 'I left an umbrella in the car.');
}

function errorOf(label: string): string | null {
  const id = field(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the Contact Us page', () => {
  it('shows each field with its label; Query Reason offers the five reasons, Booking first', async () => {
    answerSubmissions();
    await openPage();
    for (const label of LABELS) expect(field(label)).toBeTruthy();
    const reason = screen.getByRole('combobox', { name: 'Query Reason' }) as HTMLSelectElement;
    expect([...reason.options].map((option) => option.text)).toEqual([
      'Booking',
      'Invoice',
      'Complaint',
      'Lost Item',
      'Other',
    ]);
    expect(reason.value).toBe('Booking');
    expect(field('Email').type).toBe('email');
    expect(field('Telephone')).toMatchObject({ type: 'tel', autocomplete: 'tel' });
    expect(field('Booking Number').inputMode).toBe('numeric');
    expect(field('Additional Comments').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'SUBMIT' })).toBeTruthy();
  });

  it('names a missing email and non-numeric numbers, and sends nothing', async () => {
    const { sent } = answerSubmissions();
    const { user } = await openPage();
    await user.type(field('Telephone'), '0770 abc');
    await user.type(field('Booking Number'), 'B-12');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(errorOf('Email')).toBe('Enter your email address, so we can reply');
    expect(errorOf('Telephone')).toBe('Telephone may contain only digits, spaces, +, ( ) and -');
    expect(errorOf('Booking Number')).toBe('Booking Number may contain only digits');
    expect(document.activeElement).toBe(field('Email'));
    expect(sent).toEqual([]);
  });

  it("shows 'Wait' while sending, then 'Form Submitted', and clears the form", async () => {
    const answer = deferredReply();
    const { sent } = answerSubmissions({ [CONTACT_PATH]: [answer.reply] });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    const waiting = await screen.findByRole('button', { name: 'Wait' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([
      {
        path: CONTACT_PATH,
        key: expect.stringMatching(UUID) as string,
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          telephone: '07700900456',
          queryReason: 'Lost Item',
          bookingNumber: '100234',
          comments: 'I left an umbrella in the car.',
        },
      },
    ]);

    answer.release(formSubmittedReply);
    const dialog = await screen.findByRole('alertdialog', {
      name: SUBMISSION_MESSAGES.formSubmittedTitle,
    });
    expect(within(dialog).getByText(SUBMISSION_MESSAGES.formSubmitted)).toBeTruthy();
    expect(values()).toEqual({
      'First Name': '',
      'Last Name': '',
      Email: '',
      Telephone: '',
      'Query Reason': 'Booking',
      'Booking Number': '',
      'Additional Comments': '',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'SUBMIT' })).toBeTruthy();
  });

  it("shows 'Submission Failed' with the server's error text and keeps what was typed", async () => {
    answerSubmissions({
      [CONTACT_PATH]: [
        failureReply(400, 'email must be an email address', [
          { path: 'email', message: 'email must be an email address' },
        ]),
      ],
    });
    const { user } = await openPage();
    await fillIn(user);
    const typed = values();
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: SUBMISSION_MESSAGES.submissionFailedTitle,
    });
    expect(within(dialog).getByText('email must be an email address')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(values()).toEqual(typed);
    expect(errorOf('Email')).toBe('Email must be an email address');
    expect(await db.outbox.count()).toBe(0);
  });

  it('saves the message when the network fails, says so, clears the form and lists it', async () => {
    const { sent } = answerSubmissions({ [CONTACT_PATH]: ['network-error'] });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    const note = await screen.findByText(SUBMISSION_MESSAGES.queuedOffline);
    expect(note.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(values()).toMatchObject({ 'First Name': '', Email: '' });
    const list = await screen.findByRole('region', { name: 'Waiting to send' });
    expect(within(list).getByRole('listitem').textContent).toMatch(/^Contact message, saved /);
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      kind: 'contact-us',
      idempotencyKey: sent[0]!.key,
      body: { email: 'ada@example.com', queryReason: 'Lost Item' },
    });
  });

  it('changes the saved notice to the submitted message once the saved message has gone', async () => {
    const { sent } = answerSubmissions({ [CONTACT_PATH]: ['network-error', formSubmittedReply] });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    const status = (await screen.findByText(SUBMISSION_MESSAGES.queuedOffline)).closest(
      '[role="status"]',
    )!;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status.textContent).toBe(SUBMISSION_MESSAGES.formSubmitted));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('sends a telephone in international format as typed', async () => {
    const { sent } = answerSubmissions({ [CONTACT_PATH]: [formSubmittedReply] });
    const { user } = await openPage();
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Telephone'), '+44 7700 900555');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await screen.findByRole('alertdialog', { name: SUBMISSION_MESSAGES.formSubmittedTitle });
    expect(sent[0]!.body.telephone).toBe('+44 7700 900555');
  });
});
