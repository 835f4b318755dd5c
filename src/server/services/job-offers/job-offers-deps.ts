import type { FastifyBaseLogger } from 'fastify';
import type { JobLeg } from '../../../domain/booking-jobs';
import type { JobOffersRepository } from '../../repositories/job-offers-repository';
import type { PushSender } from '../driver-push/push-sender';
import type { ConsoleBookingsDeps } from '../operator/console-context';

/**
 * What offering jobs is done with (issue 34): the console's bookings (the one change path,
 * the operator's scope), the offers, the Web Push sender and the offer's time limit.
 */
export interface JobOffersDeps extends ConsoleBookingsDeps {
  offers: JobOffersRepository;
  push: PushSender;
  /** OFFER_TIMEOUT_SECONDS. */
  offerTimeoutSeconds: number;
  logger: FastifyBaseLogger;
}

/** A job as a path names it: a booking number and its leg. */
export interface JobRef {
  bookingNumber: string;
  leg: JobLeg;
}
