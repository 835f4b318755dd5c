import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { CORPORATE_MESSAGES } from '../../src/domain/messages';
import { NETWORK_ERROR_MESSAGE } from '../../src/web/lib/api-client';
import { readSession } from '../../src/web/features/corporate/lib/session';
import { renderApp, preloadPages } from './helpers';
import { answerCorporateCalls, passenger, signedIn, signedOut, TOKEN } from './corporate-fixtures';

preloadPages('/my-account');

beforeEach(async () => {
  await signedOut();
  await signedIn();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function editProfile(rendered: ReturnType<typeof renderApp>) {
  const { user } = rendered;
  await screen.findByRole('heading', { level: 2, name: 'Edit Profile' });
  await user.clear(field('Name'));
  await user.type(field('Name'), 'Eleanor Hart-Wells');
  await user.clear(field('Phone'));
  await user.type(field('Phone'), '+44 7700 900999');
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the Edit Profile card', () => {
  it('is filled from the stored passenger, with one h1 on the screen', async () => {
    answerCorporateCalls();
    renderApp('/my-account');
    await screen.findByRole('heading', { level: 2, name: 'Edit Profile' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'My Account',
    ]);
    expect(field('Name').value).toBe(passenger.passenger_name);
    expect(field('Email').value).toBe(passenger.passenger_email);
    expect(field('Email').type).toBe('email');
    expect(field('Phone').value).toBe(passenger.passenger_contact_no);
    expect(field('Name').required).toBe(true);
    expect(field('Email').required).toBe(true);
    expect(field('Phone').required).toBe(false);
  });

  it('saves, says so, and stores the passenger the server returns', async () => {
    const calls = answerCorporateCalls({
      update: (body) => ({
        body: {
          success: true,
          message: CORPORATE_MESSAGES.profileUpdated,
          passenger: {
            passenger_id: passenger.passenger_id,
            passenger_name: body.name,
            passenger_email: body.email,
            passenger_contact_no: body.phone,
          },
        },
      }),
    });
    const rendered = renderApp('/my-account');
    await editProfile(rendered);

    const alert = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(within(alert).getByText(CORPORATE_MESSAGES.profileUpdated)).toBeTruthy();
    const [request] = calls.callsTo(API_PATHS.updatePassenger);
    expect(request?.method).toBe('PATCH');
    expect(request?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.body).toEqual({
      passenger_id: passenger.passenger_id,
      name: 'Eleanor Hart-Wells',
      email: passenger.passenger_email,
      phone: '+44 7700 900999',
    });
    await waitFor(async () =>
      expect((await readSession())?.passenger).toEqual({
        ...passenger,
        passenger_name: 'Eleanor Hart-Wells',
        passenger_contact_no: '+44 7700 900999',
      }),
    );
    expect((await readSession())?.token).toBe(TOKEN);
  });

  it("shows the server's reason for a refusal and keeps what was typed", async () => {
    answerCorporateCalls({
      update: { status: 409, body: { success: false, message: CORPORATE_MESSAGES.emailTaken } },
    });
    const rendered = renderApp('/my-account');
    await editProfile(rendered);
    const alert = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(alert).getByText(CORPORATE_MESSAGES.emailTaken)).toBeTruthy();
    await rendered.user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(field('Name').value).toBe('Eleanor Hart-Wells');
    expect(field('Phone').value).toBe('+44 7700 900999');
    expect((await readSession())?.passenger).toEqual(passenger);
  });

  it('says an error occurred, with what went wrong, when the request fails', async () => {
    answerCorporateCalls({ update: 'network-error' });
    const rendered = renderApp('/my-account');
    await editProfile(rendered);
    const alert = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(
      within(alert).getByText(`${CORPORATE_MESSAGES.requestFailed} ${NETWORK_ERROR_MESSAGE}`),
    ).toBeTruthy();
    expect(field('Name').value).toBe('Eleanor Hart-Wells');
  });

  it('needs a name and a valid email before it sends anything', async () => {
    const calls = answerCorporateCalls();
    const { user } = renderApp('/my-account');
    await screen.findByRole('heading', { level: 2, name: 'Edit Profile' });
    await user.clear(field('Name'));
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(screen.getByText(/Enter a valid email address/)).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));
    expect(field('Email').value).toBe('not-an-email');
    expect(calls.callsTo(API_PATHS.updatePassenger)).toHaveLength(0);
  });
});

describe('changing the email on the Edit Profile card', () => {
  const newEmail = 'eleanor@new-employer.example';
  const wrongPassword = {
    status: 400,
    body: {
      success: false,
      message: CORPORATE_MESSAGES.currentPasswordWrong,
      errors: [{ path: 'current_password', message: CORPORATE_MESSAGES.currentPasswordWrong }],
    },
  };

  async function typeNewEmail(rendered: ReturnType<typeof renderApp>) {
    await screen.findByRole('heading', { level: 2, name: 'Edit Profile' });
    await rendered.user.clear(field('Email'));
    await rendered.user.type(field('Email'), newEmail);
  }

  it('asks for the current password only once the email is changed', async () => {
    answerCorporateCalls();
    const rendered = renderApp('/my-account');
    await screen.findByRole('heading', { level: 2, name: 'Edit Profile' });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await typeNewEmail(rendered);
    const password = field('Current password');
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(password.required).toBe(true);
    // The same address in other case is not a change.
    await rendered.user.clear(field('Email'));
    await rendered.user.type(field('Email'), passenger.passenger_email.toUpperCase());
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('sends nothing until the current password is typed', async () => {
    const calls = answerCorporateCalls();
    const rendered = renderApp('/my-account');
    await typeNewEmail(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(CORPORATE_MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Current password'));
    expect(calls.callsTo(API_PATHS.updatePassenger)).toHaveLength(0);
  });

  it("shows the server's refusal under the field and keeps what was typed", async () => {
    const calls = answerCorporateCalls({ update: wrongPassword });
    const rendered = renderApp('/my-account');
    await typeNewEmail(rendered);
    await rendered.user.type(field('Current password'), 'not my password');
    await rendered.user.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByText(CORPORATE_MESSAGES.currentPasswordWrong);
    const password = field('Current password');
    expect(password.getAttribute('aria-describedby')).toBe(message.id);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.value).toBe('not my password');
    expect(field('Email').value).toBe(newEmail);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.callsTo(API_PATHS.updatePassenger)[0]?.body).toEqual({
      passenger_id: passenger.passenger_id,
      name: passenger.passenger_name,
      email: newEmail,
      phone: passenger.passenger_contact_no,
      current_password: 'not my password',
    });
    expect((await readSession())?.passenger).toEqual(passenger);
  });

  it('after a change the device stays signed in with the new email, and the field goes away', async () => {
    answerCorporateCalls({
      update: (body) => ({
        body: {
          success: true,
          message: CORPORATE_MESSAGES.profileUpdated,
          passenger: { ...passenger, passenger_email: body.email },
        },
      }),
    });
    const rendered = renderApp('/my-account');
    await typeNewEmail(rendered);
    await rendered.user.type(field('Current password'), 'Correct horse 1987');
    await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alertdialog', { name: 'Success' });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await waitFor(async () =>
      expect(await readSession()).toEqual({
        token: TOKEN,
        passenger: { ...passenger, passenger_email: newEmail },
        savedAt: expect.any(Number) as number,
      }),
    );
  });
});
