import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, answerCatalogueCalls, preloadPages } from './helpers';

preloadPages('/ourfleet', '/forgot_password');

describe('routes', () => {
  it('/booktripview is step 1: the quote form under the title Quote', async () => {
    answerCatalogueCalls();
    renderApp('/booktripview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Pick-Up' })).toBeTruthy();
  });

  it.each([
    ['/quoteView', 'Quote Now'],
    ['/contactus', 'Contact Us'],
    ['/login', 'Sign In'],
  ])('%s shows its screen titled %s', async (path, title) => {
    answerCatalogueCalls();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each(['/bookings', '/my-account'])(
    '%s signed out leads to the sign-in screen, keeping the way back',
    async (path) => {
      answerCatalogueCalls();
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
    },
  );

  it.each(['/personalDetailView', '/paymentview', '/stripecheckout', '/checkout'])(
    '%s with no vehicle chosen yet leads to the home page',
    async (path) => {
      answerCatalogueCalls();
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('/forgot_password starts at the first of its three steps', async () => {
    answerCatalogueCalls();
    renderApp('/forgot_password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Reset Code' })).toBeTruthy();
  });

  it.each(['/payment-success', '/paymentSuccessView', '/payment-success?status=success'])(
    '%s with no booking to show says nothing was found, and confirms nothing',
    async (path) => {
      answerCatalogueCalls();
      renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'No booking found' }),
      ).toBeTruthy();
      expect(screen.queryByText('Your Quote is Confirmed!')).toBeNull();
      expect(screen.queryByText('Thank You')).toBeNull();
      expect(screen.queryByText('Reference ID')).toBeNull();
      expect(screen.queryByText(/Payment Canceled/)).toBeNull();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );

  it.each(['/payment-cancel', '/payment-success?session_id=cs_1&status=canceled'])(
    "%s says the payment was canceled, in the spec's words",
    async (path) => {
      answerCatalogueCalls();
      renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Payment Canceled' }),
      ).toBeTruthy();
      expect(screen.getByText('Your payment was canceled.')).toBeTruthy();
      expect(
        screen.getByText('Please try again or contact support if you need assistance.'),
      ).toBeTruthy();
      expect(screen.queryByText('Thank You')).toBeNull();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );

  it('/book-now leads to the home page', async () => {
    answerCatalogueCalls();
    const { router } = renderApp('/book-now');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Taxis and airport transfers across the UK',
      }),
    ).toBeTruthy();
  });

  it.each(['/no-such-page', '/a/b/c', '/manage-booking/1/2'])(
    '%s says "Page not found", and its link leads home',
    async (path) => {
      answerCatalogueCalls();
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
      await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('the fleet page lists every category and the operator companies', async () => {
    answerCatalogueCalls();
    renderApp('/ourfleet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Fleet' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Saloon' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'MPV' })).toBeTruthy();
    expect(screen.getByText('Up to 4 Passenger')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Our Operators' })).toBeTruthy();
    expect(await screen.findByText('Heathrow Cars Ltd', { selector: 'main li' })).toBeTruthy();
    expect(screen.getByText('Capital Chauffeurs', { selector: 'main li' })).toBeTruthy();
  });

  it('navigating from the navbar moves to the page', async () => {
    answerCatalogueCalls();
    const { user, router } = renderApp('/');
    await waitFor(() => expect(screen.queryByText('Please wait while loading content')).toBeNull());
    await user.click(screen.getByRole('link', { name: 'Our Fleet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ourfleet'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Fleet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Our Fleet' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});
