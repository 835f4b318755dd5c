import type {
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
} from '../../../contract/bookings';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { isYes } from '../../../domain/settings';
import { formatDateGB } from '../../../domain/time';
import { HttpError, RequestValidationError } from '../../errors';
import type { IdempotentAnswer } from '../../lib/idempotency';
import { IDEMPOTENCY_TTL_MS, requestHash } from '../../lib/idempotency';
import type { PreparedBooking } from '../bookings/prepared-booking';
import { CURRENCY, type PaymentServiceDeps } from './payment-deps';
import { fromProvider } from './provider-call';

/** Starting a card payment: a provider checkout session that holds the pending booking. */

/** What the checkout page shows the customer the payment is for. */
export function describe(prepared: PreparedBooking): string {
  const { form } = prepared;
  const to = 'dropoff' in form && form.dropoff ? ` to ${form.dropoff}` : ' (hourly hire)';
  const text = `Taxi booking: ${form.pickup}${to}, ${formatDateGB(form.pickup_date)}`;
  return text.length > 250 ? `${text.slice(0, 249)}…` : text;
}

/** The origin a checkout may return to: PUBLIC_URL, else the one the request came to. */
export function siteOrigin(publicUrl: string | undefined, requestOrigin: string): string {
  return publicUrl ? new URL(publicUrl).origin : requestOrigin;
}

/** frontend_url must be this site (else checkout would redirect anywhere: an open redirect). */
function checkFrontendUrl(frontendUrl: string, origin: string): void {
  const refuse = () =>
    new RequestValidationError([
      { path: 'frontend_url', message: BOOKING_MESSAGES.frontendUrlNotThisSite },
    ]);
  if (!URL.canParse(frontendUrl)) throw refuse();
  const url = new URL(frontendUrl);
  if (url.origin !== origin || (url.pathname !== '/' && url.pathname !== '')) throw refuse();
  if (url.search || url.hash || url.username || url.password) throw refuse();
}

/**
 * POST /create-checkout-session: the booking checked and priced as POST /booking would, the
 * client's amount compared with the server's price (409), then a provider session that
 * keeps the pending booking. A repeat with the same Idempotency-Key gets the same session.
 */
export async function createCheckoutSession(
  deps: PaymentServiceDeps,
  body: CreateCheckoutSessionRequest,
  rawBody: unknown,
  key: string | undefined,
  requestOrigin: string,
): Promise<IdempotentAnswer<CreateCheckoutSessionResponse>> {
  const now = deps.clock();
  const origin = siteOrigin(deps.publicUrl, requestOrigin);
  const hash = requestHash(rawBody);
  return deps.idempotency.runCalling(
    { scope: 'checkout-session', key, hash, now, callMs: deps.provider.callBudgetMs },
    async () => {
      checkFrontendUrl(body.frontend_url, origin);
      const settings = await deps.bookingService.loadSettings();
      if (!isYes(settings, 'SHOWCARD')) {
        throw new HttpError(403, BOOKING_MESSAGES.payByCardNotAllowed);
      }
      const prepared = await deps.bookingService.prepare(body, settings);
      if (body.amount !== prepared.totalPence) {
        throw new HttpError(409, BOOKING_MESSAGES.amountMismatch);
      }
      return prepared;
    },
    (prepared) =>
      fromProvider(
        deps.provider.createCheckout({
          amountPence: prepared.totalPence,
          currency: CURRENCY,
          description: describe(prepared),
          successUrl: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${origin}/payment-cancel`,
          siteOrigin: origin,
          metadata: {
            booking_type: prepared.bookingType,
            company_id: String(prepared.companyId),
            vehicle_id: String(prepared.categoryId),
            vehicle_count: String(prepared.vehicleCount),
            quote_id: prepared.quoteId ?? '',
          },
          idempotencyKey: key === undefined ? undefined : `checkout-session-${key}`,
        }),
      ),
    async (trx, prepared, created) => {
      await deps.sessions.insert(
        {
          id: created.id,
          provider: deps.provider.name,
          amountPence: prepared.totalPence,
          currency: CURRENCY,
          pending: prepared,
          url: created.url,
          successUrl: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${origin}/payment-cancel`,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        },
        trx,
      );
      return {
        statusCode: 200,
        body: { success: true as const, sessionId: created.id, url: created.url },
      };
    },
  );
}
