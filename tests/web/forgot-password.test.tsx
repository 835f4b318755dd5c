import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages';
import { EMPTY_REGISTRATION } from '../../src/web/features/booking/details/registration-form';
import { saveBookingDraft } from '../../src/web/features/booking/state/booking-drafts';
import { renderApp, settingsLoaded, preloadPages } from './helpers';
import { answerAccountCalls, seedDetailsStep, type Reply } from './personal-details-fixtures';
import { clearDrafts } from './quotation-fixtures';

preloadPages('/forgot_password');

beforeEach(clearDrafts);
afterEach(clearDrafts);

const ok = (message: string): Reply => ({ body: { success: true, message } });
const fail = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  ({ status, body: { success: false, message, ...(errors ? { errors } : {}) } }) as Reply;

type Handlers = {
  send?: () => Reply;
  verify?: () => Reply;
  reset?: () => Reply;
};

function answer({ send, verify, reset }: Handlers = {}) {
  return answerAccountCalls({
    handlers: {
      [API_PATHS.forgotPassword]: send ?? (() => ok('Reset code sent')),
      [API_PATHS.verifyCode]: verify ?? (() => ok('Code verified')),
      [API_PATHS.resetPassword]: reset ?? (() => ok('Password reset')),
    },
  });
}

async function openPage() {
  const view = renderApp('/forgot_password');
  await settingsLoaded();
  await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
  return view;
}

type User = ReturnType<typeof renderApp>['user'];

async function sendCode(user: User, email = 'ada@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
}

async function verify(user: User, code = '123456') {
  await user.type(await screen.findByLabelText('Reset Code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
}

async function choose(user: User, password: string, confirm = password) {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

/** The live regions' texts: successes are polite status, failures alerts. */
const status = () =>
  screen
    .getAllByRole('status')
    .map((region) => region.textContent)
    .join('');
const alertText = () => screen.getByRole('alert').textContent;

describe('forgot password', () => {
  it('goes email, code, new password, then back to the personal details step', async () => {
    const { posted } = answer();
    await seedDetailsStep();
    const { user, router } = await openPage();
    await sendCode(user);
    await screen.findByLabelText('Reset Code');
    expect(status()).toContain(ACCOUNT_MESSAGES.codeSent);
    // Focus follows the visitor to the new step.
    expect(document.activeElement).toBe(screen.getByLabelText('Reset Code'));
    await verify(user);
    await screen.findByLabelText('New Password');
    expect(status()).toContain(ACCOUNT_MESSAGES.codeVerified);
    await choose(user, 'a much better password');
    await waitFor(() => expect(status()).toContain(ACCOUNT_MESSAGES.resetDone));
    expect(screen.queryByLabelText('New Password')).toBeNull();

    expect(posted.map((call) => [call.path, call.body])).toEqual([
      [API_PATHS.forgotPassword, { email: 'ada@example.com', type: 'website' }],
      [API_PATHS.verifyCode, { email: 'ada@example.com', code: '123456' }],
      [
        API_PATHS.resetPassword,
        {
          email: 'ada@example.com',
          code: '123456',
          new_password: 'a much better password',
          type: 'website',
        },
      ],
    ]);
    // After the spec's alert time, back to the booking.
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalDetailView'), {
      timeout: 8000,
    });
  });

  it('starts with the email given on the personal details step', async () => {
    answer();
    await seedDetailsStep();
    await saveBookingDraft('registrationData', {
      ...EMPTY_REGISTRATION,
      email: 'grace@example.com',
    });
    await openPage();
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com'),
    );
  });

  it("says 'Email not found' for an unknown email, and stays on step 1", async () => {
    answer({ send: () => fail(404, ACCOUNT_MESSAGES.emailNotFound) });
    const { user } = await openPage();
    await sendCode(user, 'nobody@example.com');
    await waitFor(() => expect(alertText()).toBe(ACCOUNT_MESSAGES.emailNotFound));
    expect(screen.queryByLabelText('Reset Code')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nobody@example.com');
  });

  it('checks the email before sending anything', async () => {
    const { posted } = answer();
    const { user } = await openPage();
    await sendCode(user, 'not-an-email');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toHaveLength(0);
  });

  it('Back returns from the code to the email, which is kept', async () => {
    answer();
    const { user } = await openPage();
    await sendCode(user);
    await screen.findByLabelText('Reset Code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(screen.queryByLabelText('Reset Code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Reset Code' })).toBeTruthy();
  });

  it('tells an expired code from a wrong one', async () => {
    let reply = fail(400, 'Reset code has expired. Ask for a new one.');
    answer({ verify: () => reply });
    const { user } = await openPage();
    await sendCode(user);
    await verify(user, '654321');
    await waitFor(() => expect(alertText()).toBe(ACCOUNT_MESSAGES.codeExpired));
    expect(screen.getByLabelText('Reset Code')).toBeTruthy();

    reply = fail(400, 'That code is not right');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(alertText()).toBe(ACCOUNT_MESSAGES.codeInvalid));
  });

  it("stops a mismatch before calling the server: 'Passwords do not match'", async () => {
    const { posted } = answer();
    const { user } = await openPage();
    await sendCode(user);
    await verify(user);
    await choose(user, 'a much better password', 'a much better passw0rd');
    await waitFor(() => expect(alertText()).toBe(ACCOUNT_MESSAGES.passwordsDoNotMatch));
    expect(posted.some((call) => call.path === API_PATHS.resetPassword)).toBe(false);
    expect(screen.getByLabelText('New Password')).toBeTruthy();
  });

  it("shows the server's password rule, and the spec's text for other failures", async () => {
    let reply = fail(400, 'Validation failed', [
      { path: 'new_password', message: ACCOUNT_MESSAGES.passwordTooCommon },
    ]);
    answer({ reset: () => reply });
    const { user, router } = await openPage();
    await sendCode(user);
    await verify(user);
    await choose(user, 'password123');
    await waitFor(() => expect(alertText()).toBe(ACCOUNT_MESSAGES.passwordTooCommon));

    reply = fail(500, 'Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(alertText()).toBe(ACCOUNT_MESSAGES.resetFailed));
    expect(router.state.location.pathname).toBe('/forgot_password');
  });
});
