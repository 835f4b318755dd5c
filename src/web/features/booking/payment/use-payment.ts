import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { poundsToPence } from '../../../../domain/money';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { bookingInputs, useCreateBooking, type BookingSource } from '../api/create-booking';
import { publishableKeyQueryOptions } from '../api/get-publishable-key';
import { isOnline } from '../../../lib/use-online';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { rememberBooking } from '../state/booking-results';
import {
  browserWindow,
  isFramed,
  openCheckoutWindow,
  sendCheckoutWindowTo,
} from '../../../lib/checkout-redirect';
import { attemptKey } from '../state/payment-attempts';
import type { PaymentAttemptsDraft } from '../state/booking-drafts';
import { prepareStripe } from './load-stripe';

export type PaymentFailure = {
  title: string;
  message: string;
  /** A 409 on the amount: the server's price moved since the quote. */
  priceChanged: boolean;
};

/** A checkout opened in its own window because the site is framed. */
export type CheckoutWaiting = { sessionId: string; url: string; opened: boolean };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}

function isPriceChange(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    error.message !== BOOKING_MESSAGES.idempotencyKeyReused &&
    error.message !== BOOKING_MESSAGES.requestInProgress
  );
}

/**
 * One payment attempt at a time: which button's request runs, and how the last one failed. A
 * press while one runs does nothing; a press offline says so without asking the server.
 */
function usePaymentProgress() {
  const busy = useRef(false);
  const [pending, setPending] = useState<'car' | 'card' | null>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [offline, setOffline] = useState(false);

  /** Whether the attempt may go ahead. */
  const start = (kind: 'car' | 'card'): boolean => {
    if (busy.current) return false;
    setOffline(false);
    setFailure(null);
    if (!isOnline()) {
      setOffline(true);
      return false;
    }
    busy.current = true;
    setPending(kind);
    return true;
  };
  const finish = () => {
    busy.current = false;
    setPending(null);
  };
  /** Ends the attempt with its failure: no connection, or the dialog's title and message. */
  const fail = (error: unknown, title: string, priceChanged: boolean) => {
    if (isOffline(error)) setOffline(true);
    else setFailure({ title, message: messageOf(error), priceChanged });
    finish();
  };

  return { pending, failure, offline, start, finish, fail, dismissFailure: () => setFailure(null) };
}

/**
 * The payment step's two actions (spec: Payment page; section 8 Booking flow). Pay in Car
 * books at once; Pay By Card opens a checkout session and leaves for it. Each request carries
 * an Idempotency-Key kept in the drafts, and a second click while one runs does nothing.
 */
export function usePayment(source: BookingSource, attempts: PaymentAttemptsDraft | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const booking = useCreateBooking();
  const checkout = useCreateCheckoutSession();
  const progress = usePaymentProgress();
  const { start, finish, fail } = progress;
  const [waiting, setWaiting] = useState<CheckoutWaiting | null>(null);

  const payInCar = async () => {
    if (!start('car')) return;
    try {
      const body = { ...bookingInputs(source), payment_method: 'car' as const };
      const idempotencyKey = await attemptKey('car', body, attempts);
      const response = await booking.mutateAsync({ body, idempotencyKey });
      rememberBooking(response.data);
      // The result page clears the drafts once it shows the booking; clearing here would
      // send this page's guard home before the navigation lands.
      void navigate(
        `${ROUTES.paymentSuccess}?booking=${encodeURIComponent(response.data.booking.booking_number)}`,
        { replace: true },
      );
    } catch (error) {
      fail(error, BOOKING_MESSAGES.bookingFailedTitle, false);
    }
  };

  const payByCard = async () => {
    if (!start('card')) return;
    const framed = isFramed();
    // Opened now, inside the click: a window opened after the requests would be blocked.
    const popup = framed ? openCheckoutWindow() : null;
    try {
      const body = {
        ...bookingInputs(source),
        // Minor units, as the spec sends it; the server refuses any other amount.
        amount: poundsToPence(source.selectedVehicleData.final_price),
        frontend_url: window.location.origin,
      };
      const idempotencyKey = await attemptKey('card', body, attempts);
      const provider = await queryClient.fetchQuery(publishableKeyQueryOptions());
      if (provider.provider === 'stripe') await prepareStripe(provider.publishable_key);
      const session = await checkout.mutateAsync({ body, idempotencyKey });
      if (framed) {
        const opened = sendCheckoutWindowTo(popup, session.url);
        setWaiting({ sessionId: session.sessionId, url: session.url, opened });
        finish();
        return;
      }
      // The page is leaving: the button stays busy until it has gone.
      browserWindow.assign(session.url);
    } catch (error) {
      popup?.close();
      fail(error, BOOKING_MESSAGES.paymentFailedTitle, isPriceChange(error));
    }
  };

  return {
    pending: progress.pending,
    failure: progress.failure,
    offline: progress.offline,
    waiting,
    payInCar: () => void payInCar(),
    payByCard: () => void payByCard(),
    dismissFailure: progress.dismissFailure,
    stopWaiting: () => setWaiting(null),
  };
}
