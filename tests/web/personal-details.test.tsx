import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { ACCOUNT_MESSAGES, BOOKING_MESSAGES } from '../../src/domain/messages';
import { PASSWORD_RULE_HINT } from '../../src/domain/password-policy';
import { readDraft } from '../../src/web/offline/db';
import { renderApp, settingsLoaded, preloadPages } from './helpers';
import { answerAccountCalls, seedDetailsStep, selectedVehicle } from './personal-details-fixtures';
import {
  clearDrafts,
  mileageForm,
  priceDetail,
  quotationSettings,
  seedQuote,
} from './quotation-fixtures';

preloadPages('/personalDetailView');

beforeAll(async () => {
  // Loaded on demand in the app; loaded here once so the first test does not spend its time
  // limit on the list's first load.
  await import('../../src/web/features/booking/details/common-passwords').then((module) =>
    module.loadCommonPasswords(),
  );
}, 60_000);

beforeEach(clearDrafts);
afterEach(clearDrafts);

/** Saving to IndexedDB and navigating take a while on a busy machine. */
const SLOW = { timeout: 5000 };

async function openDetails() {
  const view = renderApp('/personalDetailView');
  await settingsLoaded();
  await screen.findByRole('heading', { level: 1, name: 'Personal Details' });
  return view;
}

function radio(name: string) {
  return screen.getByRole('radio', { name }) as HTMLInputElement;
}

/** The open 'Error' dialog's text, closed again with OK. */
async function expectErrorDialog(user: ReturnType<typeof renderApp>['user'], text: string) {
  const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
  expect(within(dialog).getByText(text)).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('the personal details page', () => {
  it('shows the chosen vehicle with its final price and the quote without Edit Quote', async () => {
    answerAccountCalls();
    await seedDetailsStep({
      selected: selectedVehicle(priceDetail({ vehicle_type: 'MPV', price: 60 }), 3),
    });
    await openDetails();
    const vehicle = screen.getByRole('region', { name: 'Your Vehicle' });
    expect(within(vehicle).getByRole('img', { name: 'MPV' }).getAttribute('src')).toBe(
      '/storage/fleet/saloon.webp',
    );
    expect(within(vehicle).getByText('MPV')).toBeTruthy();
    expect(within(vehicle).getByText('Heathrow Cars Ltd')).toBeTruthy();
    expect(within(vehicle).getByText('3 x Vehicle Selected')).toBeTruthy();
    expect(within(vehicle).getByText('£180.00')).toBeTruthy();

    const quote = screen.getByRole('region', { name: 'Quote' });
    expect(within(quote).queryByRole('button', { name: 'Edit Quote' })).toBeNull();
    expect(within(quote).getByRole('button', { name: 'Edit Options' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Booking progress' })).toBeTruthy();
  });

  it('sends a visitor without a chosen vehicle back to the results', async () => {
    answerAccountCalls();
    await seedQuote();
    const { router } = renderApp('/personalDetailView');
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'), SLOW);
  });

  it('Back returns to the results', async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'), SLOW);
  });
});

describe('registration modes', () => {
  it('offer Guest first and by default when GUEST_LOGIN allows, with its fields', async () => {
    answerAccountCalls();
    await seedDetailsStep({
      form: mileageForm({ select_option: 'return', return_date: '2030-11-23' }),
    });
    const { user } = await openDetails();
    const group = screen.getByRole('radiogroup', { name: 'Registration Details' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((input) => input.closest('label')?.textContent),
    ).toEqual(['Guest', 'New Client', 'Existing Client']);
    expect(radio('Guest').checked).toBe(true);
    for (const label of [
      'First Name',
      'Last Name',
      'Email',
      'Number',
      'Additional Info',
      'Return Additional Info',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.queryByLabelText('Password')).toBeNull();

    // The number's tip about the international format is its description, and shows on focus.
    const number = screen.getByLabelText('Number');
    expect(number.getAttribute('type')).toBe('tel');
    const tip = screen.getByRole('button', { name: 'Number format' });
    const description = document.getElementById(number.getAttribute('aria-describedby')!);
    expect(description?.textContent).toContain('+44');
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => tip.focus());
    expect(screen.getByRole('tooltip').textContent).toContain('country code');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('leave Return Additional Info out of one-way trips', async () => {
    answerAccountCalls();
    await seedDetailsStep();
    await openDetails();
    expect(screen.getByLabelText('Additional Info')).toBeTruthy();
    expect(screen.queryByLabelText('Return Additional Info')).toBeNull();
  });

  it('start with New Client and offer no Guest when GUEST_LOGIN does not allow guests', async () => {
    answerAccountCalls({ settings: quotationSettings({ GUEST_LOGIN: 'disable' }) });
    await seedDetailsStep();
    await openDetails();
    expect(screen.queryByRole('radio', { name: 'Guest' })).toBeNull();
    expect(radio('New Client').checked).toBe(true);
    for (const label of ['First Name', 'Surname', 'Email', 'Number', 'Password']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' })).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Last Name')).toBeNull();
  });

  it('link the privacy and terms boxes to their pages, opening in a new tab', async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const { user } = await openDetails();
    await user.click(radio('New Client'));
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    const terms = screen.getByRole('link', { name: 'Terms and Conditions' });
    expect(privacy.getAttribute('href')).toBe('/privacy-policy');
    expect(terms.getAttribute('href')).toBe('/terms-and-conditions');
    for (const link of [privacy, terms]) expect(link.getAttribute('target')).toBe('_blank');
    const box = screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' });
    expect(box.closest('label')?.contains(privacy)).toBe(true);
  });

  it('ask an existing client for email and password, with a Forgot Password? link', async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await user.click(radio('Existing Client'));
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.queryByLabelText('Number')).toBeNull();
    expect(screen.queryByLabelText('First Name')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Forgot Password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot_password'), SLOW);
  });
});

describe('Next', () => {
  it("applies the spec's four checks in order, each in an 'Error' dialog", async () => {
    const { posted } = answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await user.click(radio('New Client'));
    const next = screen.getByRole('button', { name: 'Next' });

    await user.click(next);
    await expectErrorDialog(user, BOOKING_MESSAGES.emailRequired);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(next);
    await expectErrorDialog(user, BOOKING_MESSAGES.passwordRequired);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(next);
    await expectErrorDialog(user, BOOKING_MESSAGES.privacyRequired);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    await user.click(next);
    await expectErrorDialog(user, BOOKING_MESSAGES.termsRequired);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }));

    // The number is required too: said beside the field, not in a dialog.
    await user.click(next);
    const number = screen.getByLabelText('Number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your phone number')).toBeTruthy();
    expect(document.activeElement).toBe(number);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/personalDetailView');

    await user.type(number, '+44 7700 900123');
    expect(number.getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Surname'), 'Lovelace');
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentview'), SLOW);
    // A new client is registered with the booking, not checked beforehand.
    expect(posted.some((call) => call.path === API_PATHS.checkPassengerEmail)).toBe(false);
    expect(await readDraft('registrationMode')).toBe('new_client');
    expect(await readDraft('registrationData')).toMatchObject({
      firstName: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada@example.com',
      number: '+44 7700 900123',
      privacyAccepted: true,
      termsAccepted: true,
      // Never written to disk.
      password: '',
    });
  });

  it("checks a new client's password by the server's rule on Next, shown before any typing", async () => {
    const { posted } = answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await user.click(radio('New Client'));
    const password = screen.getByLabelText('Password');
    // The rule is there before anything is typed, read with the field.
    const rule = screen.getByText(PASSWORD_RULE_HINT);
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(rule.id);
    expect(PASSWORD_RULE_HINT).toMatch(/^At least 8 characters/);

    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Number'), '+44 7700 900123');
    await user.type(password, 'abc');
    await user.click(screen.getByRole('checkbox', { name: /I accept the Privacy Policy/ }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }));
    const next = screen.getByRole('button', { name: 'Next' });
    await user.click(next);
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeTruthy();
    expect(document.activeElement).toBe(password);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.clear(password);
    await user.type(password, 'password123');
    await user.click(next);
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordTooCommon, {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/personalDetailView');

    await user.clear(password);
    await user.type(password, 'correct horse battery');
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentview'), SLOW);
    expect(posted).toEqual([]);
  });

  it('refuses a number the shared phone rule refuses, under the field', async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Number'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Number may contain only digits, spaces, +, ( ) and -'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/personalDetailView');
  });

  it('offers every new client to sign in instead, carrying the email over, asking nothing', async () => {
    const { posted } = answerAccountCalls();
    await seedDetailsStep();
    const { user } = await openDetails();
    await user.click(radio('New Client'));
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    const hint = screen.getByText(/Already have an account\?/);
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toContain(hint.id);
    await user.click(screen.getByRole('button', { name: 'Sign in as an Existing client' }));
    expect((radio('Existing Client') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    // Nothing was asked of the server about that email.
    expect(posted).toEqual([]);
  });

  it('refuses an email that would reach another mailbox, under the field (issue 30)', async () => {
    const { posted } = answerAccountCalls();
    await seedDetailsStep();
    const { user } = await openDetails();
    await user.type(screen.getByLabelText('Email'), 'Refund-at-evil.example<victim@x.example>');
    await user.type(screen.getByLabelText('Number'), '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The form's check runs after the press (its resolver is async).
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Enter a valid email address, like name@example.com')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('asks a guest for no password, but for a real email and a number', async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The form's check runs after the press (its resolver is async).
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Enter a valid email address, like name@example.com')).toBeTruthy();
    expect(screen.getByLabelText('Number').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Email'), '.com');
    await user.type(screen.getByLabelText('Number'), '07700 900123');
    await user.type(screen.getByLabelText('Additional Info'), 'Two child seats please');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentview'), SLOW);
    expect(await readDraft('registrationMode')).toBe('guest_login');
    expect(await readDraft('registrationData')).toMatchObject({
      email: 'ada@example.com',
      number: '07700 900123',
      additionalInfo: 'Two child seats please',
      textMe: true,
    });
  });

  it("offers 'Text me about this booking', ticked, and keeps it unticked (issue 35)", async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    const textMe = screen.getByRole('checkbox', { name: 'Text me about this booking' });
    expect((textMe as HTMLInputElement).checked).toBe(true);
    await user.click(textMe);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Number'), '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentview'), SLOW);
    expect(await readDraft('registrationData')).toMatchObject({ textMe: false });
  });
});

describe('the step bar on personal details', () => {
  function progress() {
    const list = screen.getByRole('list', { name: 'Booking progress' });
    return within(list)
      .getAllByRole('listitem')
      .map((step) => step.textContent);
  }

  it('never marks Details done nor skips to Payment when New Client is chosen', async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await user.click(radio('New Client'));
    // The empty form is saved as the visitor chose it…
    await waitFor(() => expect(readDraft('registrationMode')).resolves.toBe('new_client'), SLOW);
    await waitFor(() => expect(readDraft('registrationData')).resolves.toBeTruthy(), SLOW);
    // …which finishes nothing: no way on to Payment past the form, no Details ticked.
    expect(screen.queryByRole('button', { name: 'Next step' })).toBeNull();
    expect(progress()).toEqual(['✓ Vehicle (done)', '>Details', '>Payment']);

    // The Payment step checks the form as Next does, and stays.
    await user.click(screen.getByRole('button', { name: 'Payment' }));
    await expectErrorDialog(user, BOOKING_MESSAGES.emailRequired);
    expect(router.state.location.pathname).toBe('/personalDetailView');
  });

  it("'Next step' checks the form, with the field's message, before it moves on", async () => {
    answerAccountCalls();
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await user.click(radio('New Client'));
    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Surname'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Number'), '+44 7700 900123');
    const password = screen.getByLabelText('Password');
    // Long enough, but on the common-password list: only the form's own check knows.
    await user.type(password, 'password123');
    await user.click(screen.getByRole('checkbox', { name: /I accept the Privacy Policy/ }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }));
    const nextStep = await screen.findByRole('button', { name: 'Next step' }, SLOW);
    await user.click(nextStep);
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordTooCommon, {}, SLOW)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/personalDetailView');

    await user.clear(password);
    await user.type(password, 'correct horse battery');
    await user.click(await screen.findByRole('button', { name: 'Next step' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentview'), SLOW);
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(progress()).toEqual(['✓ Vehicle (done)', '>✓ Details (done)', '>Payment']);
    const details = screen.getByRole('table', { name: 'Personal Details' });
    expect(within(details).getByText('Ada')).toBeTruthy();
    // Nothing reloaded, so nothing says the password was lost.
    expect(screen.queryByText(/password is not kept/)).toBeNull();
    expect(screen.getByRole('button', { name: BOOKING_MESSAGES.payInCar })).toBeTruthy();
  });
});

describe('an existing client', () => {
  async function signIn(user: ReturnType<typeof renderApp>['user']) {
    await user.click(radio('Existing Client'));
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'hopper-1906');
    await user.click(screen.getByRole('button', { name: 'Next' }));
  }

  it('is checked with the server and, when found, goes on to payment', async () => {
    const { posted } = answerAccountCalls({
      handlers: {
        [API_PATHS.checkPassengerEmail]: () => ({
          body: {
            success: true,
            message: 'Passenger found',
            passenger: { firstName: 'Grace', surname: 'Hopper', number: '+44 7700 900906' },
          },
        }),
      },
    });
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await signIn(user);
    expect(await screen.findByText(BOOKING_MESSAGES.emailFound)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentview'), SLOW);
    expect(posted.find((call) => call.path === API_PATHS.checkPassengerEmail)?.body).toEqual({
      email: 'grace@example.com',
      password: 'hopper-1906',
    });
    expect(await readDraft('registrationMode')).toBe('existing_client');
    // The account's own names and mobile, for the payment page's Personal Details.
    expect(await readDraft('registrationData')).toMatchObject({
      email: 'grace@example.com',
      firstName: 'Grace',
      surname: 'Hopper',
      number: '+44 7700 900906',
    });
  });

  it('not found stays on the page with the spec text and everything typed', async () => {
    answerAccountCalls({
      handlers: {
        [API_PATHS.checkPassengerEmail]: () => ({
          body: { success: false, message: 'Invalid email or password' },
        }),
      },
    });
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await signIn(user);
    // A wrong password reads this way too: the dialog never says which of the two it was.
    const dialog = await screen.findByRole('alertdialog', {
      name: BOOKING_MESSAGES.signInFailedTitle,
    });
    expect(BOOKING_MESSAGES.signInFailedTitle).toBe('Email or password is incorrect.');
    expect(within(dialog).getByText(BOOKING_MESSAGES.emailNotFound)).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Forgot Password?' }).getAttribute('href'),
    ).toBe('/forgot_password');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/personalDetailView');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('hopper-1906');
  });

  it('says what went wrong when the check itself fails', async () => {
    answerAccountCalls({
      handlers: {
        [API_PATHS.checkPassengerEmail]: () => ({
          status: 500,
          body: { success: false, message: 'Something went wrong' },
        }),
      },
    });
    await seedDetailsStep();
    const { user, router } = await openDetails();
    await signIn(user);
    await expectErrorDialog(user, `${BOOKING_MESSAGES.emailCheckFailedPrefix}Something went wrong`);
    expect(router.state.location.pathname).toBe('/personalDetailView');
  });
});
