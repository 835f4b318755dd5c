import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegistrationMode } from '../../../domain/registration';
import type { Idempotency } from '../../lib/idempotency';
import type { AttemptCounters } from './attempt-counters';

/** The parts of a booking or checkout body the limits read. */
export interface LimitedBookingBody {
  registrationData?: unknown;
  selected_passenger: RegistrationMode;
}

export interface BookingLimits {
  /**
   * Counts a booking (POST /booking, pay in car) or checkout session (POST
   * /create-checkout-session) by client address and by the registration's email, and an
   * existing client's password in sign-in's counters; a 429 with Retry-After when over.
   * Resolves to what to call once the request succeeded (a right password is given back).
   * A repeat of an answered Idempotency-Key is not counted: it books nothing and checks no
   * password.
   */
  count(
    scope: 'booking' | 'checkout-session',
    request: FastifyRequest,
    reply: FastifyReply,
    body: LimitedBookingBody,
    key: string | undefined,
  ): Promise<{ succeeded(): Promise<void> }>;
}

/** The email a booking's registration data names; '' when it names none (a 400 follows). */
function registrationEmail(registrationData: unknown): string {
  const email = (registrationData as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * The passenger's own email when the booking is for someone else: the confirmation goes
 * there (booking-inputs passengerOf), so it is counted too, or a new booker's email on each
 * request would mail one stranger without end.
 */
function passengerEmail(registrationData: unknown): string | undefined {
  const data = registrationData as { passengerDetails?: unknown; passengerEmail?: unknown };
  if (data?.passengerDetails !== 'yes' || typeof data.passengerEmail !== 'string') return undefined;
  return data.passengerEmail.trim() === '' ? undefined : data.passengerEmail;
}

export function createBookingLimits(deps: {
  counters: AttemptCounters;
  idempotency: Idempotency;
  clock: () => Date;
}): BookingLimits {
  const nothing = { succeeded: async () => undefined };
  return {
    async count(scope, request, reply, body, key) {
      if (key !== undefined && (await deps.idempotency.answered(scope, key, deps.clock()))) {
        return nothing;
      }
      const email = registrationEmail(body.registrationData);
      const forSomeoneElse = passengerEmail(body.registrationData);
      await deps.counters.count(
        'booking',
        request,
        reply,
        forSomeoneElse === undefined ? email : [email, forSomeoneElse],
      );
      if (body.selected_passenger !== 'existing_client') return nothing;
      const attempt = await deps.counters.count('password', request, reply, email, 'passenger');
      return { succeeded: () => attempt.giveBack() };
    },
  };
}
