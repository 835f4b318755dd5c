import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { createCheckoutSessionRequestSchema } from '../../contract/bookings';
import type {
  CreateCheckoutSessionResponse,
  GetPaymentIdResponse,
  SecretKeyResponse,
} from '../../contract/bookings';
import { API_PATHS } from '../../contract/paths';
import { HttpError, parseRequest } from '../errors';
import { requestOrigin } from '../http/request-origin';
import { idempotencyKeyOf } from '../lib/idempotency';
import type { BookingLimits } from '../services/limits/booking-limits';
import { WebhookSignatureError } from '../services/payments/payment-provider';
import type { PaymentService } from '../services/payments/payment-service';
import { TEST_CHECKOUT_PATH } from '../services/payments/test-provider';

const sessionIdField = z
  .string({ error: 'session_id is required' })
  .check(z.minLength(1, 'session_id is required'), z.maxLength(255, 'session_id is too long'));

/** GET /secret_key, POST /create-checkout-session, GET /get-payment-id (API.md). */
export async function paymentRoutes(
  app: FastifyInstance,
  options: { payments: PaymentService; limits: BookingLimits },
): Promise<void> {
  const { payments } = options;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.get(API_PATHS.secretKey, async (): Promise<SecretKeyResponse> => {
    return { success: true, ...payments.publishableKey() };
  });

  app.post(
    API_PATHS.createCheckoutSession,
    async (request, reply): Promise<CreateCheckoutSessionResponse> => {
      const key = idempotencyKeyOf(request);
      const body = parseRequest(createCheckoutSessionRequestSchema, request.body);
      const counted = await options.limits.count('checkout-session', request, reply, body, key);
      const answer = await payments.createCheckoutSession(
        body,
        request.body,
        key,
        requestOrigin(request),
      );
      await counted.succeeded();
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get(API_PATHS.getPaymentId, async (request): Promise<GetPaymentIdResponse> => {
    const query = parseRequest(z.object({ session_id: sessionIdField }), request.query);
    return { success: true, paymentId: await payments.paymentId(query.session_id) };
  });
}

/**
 * POST /api/v1/stripe/webhook. Outside the API-key scope (Stripe signs instead of sending our
 * keys); the body is kept as raw bytes in this scope only, since the signature covers them.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: { payments: PaymentService },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(API_PATHS.stripeWebhook, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    try {
      await options.payments.handleWebhook(
        raw,
        typeof signature === 'string' ? signature : undefined,
      );
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new HttpError(400, error.message);
      throw error;
    }
    return { received: true };
  });
}

/**
 * The test provider's checkout page and its two buttons (forms, so no script is needed), which
 * answer 303 to the success or cancel URL exactly as Stripe Checkout redirects.
 */
export async function testCheckoutRoutes(
  app: FastifyInstance,
  options: { payments: PaymentService },
): Promise<void> {
  const { payments } = options;
  // The buttons post empty forms; nothing in them is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  const params = z.object({ id: sessionIdField });
  // Whoever holds a paid session's id could ask for its booking: it stays out of the log.
  const secretPath = { config: { logRoutePattern: true } };

  app.get(`${TEST_CHECKOUT_PATH}/:id`, secretPath, async (request, reply) => {
    const { id } = parseRequest(params, request.params);
    return reply.type('text/html; charset=utf-8').send(await payments.testCheckoutPage(id));
  });

  app.post(`${TEST_CHECKOUT_PATH}/:id/pay`, secretPath, async (request, reply) => {
    const { id } = parseRequest(params, request.params);
    return reply.redirect(await payments.testPay(id), 303);
  });

  app.post(`${TEST_CHECKOUT_PATH}/:id/cancel`, secretPath, async (request, reply) => {
    const { id } = parseRequest(params, request.params);
    return reply.redirect(await payments.testCancel(id), 303);
  });
}
