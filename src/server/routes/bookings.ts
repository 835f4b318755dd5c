import type { FastifyInstance } from 'fastify';
import { bookingRequestSchema } from '../../contract/bookings';
import type { CardBookingResponse } from '../../contract/bookings';
import { API_PATHS } from '../../contract/paths';
import { parseRequest, RequestValidationError } from '../errors';
import { idempotencyKeyOf } from '../lib/idempotency';
import type { BookingLimits } from '../services/limits/booking-limits';
import type { BookingService } from '../services/bookings/booking-service';
import type { PaymentService } from '../services/payments/payment-service';

/**
 * POST /booking (API.md): pay in car books at once; pay by card books the named checkout
 * session once the provider confirms it was paid.
 */
export async function bookingRoutes(
  app: FastifyInstance,
  options: { bookings: BookingService; payments: PaymentService; limits: BookingLimits },
): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  // A card booking repeated without its first request's key gets the booking number only.
  app.post(API_PATHS.booking, async (request, reply): Promise<CardBookingResponse> => {
    const key = idempotencyKeyOf(request);
    const body = parseRequest(bookingRequestSchema, request.body);
    if (body.payment_method === 'card') {
      if (!body.stripe_session_id) {
        throw new RequestValidationError([
          { path: 'stripe_session_id', message: 'stripe_session_id is required to pay by card' },
        ]);
      }
      const answer = await options.payments.bookPaidSession(
        body.stripe_session_id,
        request.body,
        key,
      );
      return reply.code(answer.statusCode).send(answer.body);
    }
    // Only pay in car is counted here: a paid session was counted when it was made, and a
    // customer who has paid must never be refused.
    const counted = await options.limits.count('booking', request, reply, body, key);
    const answer = await options.bookings.bookPayInCar(body, request.body, key);
    await counted.succeeded();
    return reply.code(answer.statusCode).send(answer.body);
  });
}
