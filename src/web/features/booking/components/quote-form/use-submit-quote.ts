import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadChakraTheme } from '../../../../components/chakra/chakra-scope';
import { ROUTES } from '../../../../config/routes';
import { createValueStore } from '../../../../lib/value-store';
import type { PriceFailure, SubmitOutcome } from './quote-outcome';
import type { QuoteRequest } from './quote-request';

export type { QuoteRequest } from './quote-request';

/** Same-address and urgent bookings go to the Quote Now page after this (spec section 9). */
export const REDIRECT_DELAY_MS = 1000;

/** Shown beside the button when there is no connection; the form keeps what was typed. */
export const OFFLINE_PRICE_MESSAGE =
  "You're offline. A price needs a connection: your details are kept here, so press the button again once you're back online.";

/** State the Quote Now page can read to explain why the visitor arrived there. */
export type QuoteNowRedirectState = { reason: 'same-address' | 'urgent' };

/**
 * The submit's code (checks, drafts, the price call) is not part of the home page's first load:
 * it loads when the visitor starts on the form (`prepare`), or at the latest on submit.
 */
const loadPriceQuote = () => import('./price-quote');

// The dialog's code loads while the price is asked for, not on the home page's first load.
// With Chakra's scope, which the dialog renders in: both are fetched while the prices are.
export const loadPriceErrorDialog = () =>
  Promise.all([import('./price-error-dialog'), loadChakraTheme()]).then(([dialog]) => dialog);

/** How many quote forms are waiting for a price: the results page's change-search popup steps
 * aside meanwhile, so the page's loader shows. */
const pricing = createValueStore(0);
const countPricing = (delta: 1 | -1) => pricing.set(pricing.get() + delta);

/** True while any quote form's price call runs. */
export function useIsPricing(): boolean {
  return pricing.useValue() > 0;
}

export type QuoteSubmission = {
  /** Checks, stores the drafts, prices, stores the prices and goes to /quotationview. */
  submit: (request: QuoteRequest) => Promise<SubmitOutcome>;
  /** Fetches the submit's code ahead of the press; for the form's first focus. */
  prepare: () => void;
  /** True while the price is asked for: the price-loading overlay shows. */
  isPending: boolean;
  /** The failure the dialog shows, until closed. */
  failure: PriceFailure | null;
  /** The dialog is on screen: the redirect's second starts now, so the reason is readable. */
  shown: () => void;
  dismiss: () => void;
};

/**
 * The home form's submit (spec section 4): store BookingType and the form, price it, store
 * PriceDetails and CalculatedDistance, drop a stale selected vehicle, then go to the results.
 * Same-address and urgent failures redirect to /quoteView after a second; field problems come
 * back to the form to show beside the fields. Render <QuoteSubmitFeedback> with the result.
 */
export function useSubmitQuote({
  onSubmitted,
  saveFormFirst = true,
}: {
  onSubmitted?: () => void;
  /**
   * Home keeps the form before asking for a price, so nothing typed is lost. The change-search
   * popup passes false: its search replaces the saved one only once priced, so a failed search
   * never leaves the summary showing a journey next to another journey's prices.
   */
  saveFormFirst?: boolean;
} = {}): QuoteSubmission {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<PriceFailure | null>(null);
  const [shownFailure, setShownFailure] = useState<PriceFailure | null>(null);
  const busy = useRef(false);
  const onSubmittedRef = useRef(onSubmitted);
  useEffect(() => {
    onSubmittedRef.current = onSubmitted;
  });

  // Counted from the dialog's first paint, not the answer: its code may still be loading.
  const shown = useCallback(() => setShownFailure(failure), [failure]);
  const redirect =
    shownFailure === failure && (failure?.kind === 'same-address' || failure?.kind === 'urgent')
      ? failure.kind
      : null;
  useEffect(() => {
    if (!redirect) return;
    const state: QuoteNowRedirectState = { reason: redirect };
    const timer = setTimeout(() => navigate(ROUTES.quoteNow, { state }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirect, failure, navigate]);

  const submit = async (request: QuoteRequest): Promise<SubmitOutcome> => {
    if (busy.current) return { status: 'failed' };
    busy.current = true;
    let priced = false;
    try {
      // A failed load means the network is gone (the service worker holds every chunk).
      const module = await loadPriceQuote().catch(() => null);
      if (!module) return { status: 'offline' };
      const result = await module.priceQuote(request, {
        saveFormFirst,
        onPricing: () => {
          setPending(true);
          setFailure(null);
          priced = true;
          countPricing(1);
          void loadPriceErrorDialog().catch(() => undefined);
        },
      });
      if (result.failure) setFailure(result.failure);
      if (result.outcome.status === 'priced') {
        onSubmittedRef.current?.();
        navigate(ROUTES.quotation);
      }
      return result.outcome;
    } finally {
      busy.current = false;
      if (priced) countPricing(-1);
      setPending(false);
    }
  };

  return {
    submit,
    prepare: () => void loadPriceQuote().catch(() => undefined),
    isPending,
    failure,
    shown,
    dismiss: () => setFailure(null),
  };
}
