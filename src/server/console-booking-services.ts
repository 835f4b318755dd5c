import type { Idempotency } from './lib/idempotency';
import type { Repositories } from './repositories/all-repositories';
import type { ChangeDeps } from './services/booking-changes/change-deps';
import type { BookingService } from './services/bookings/booking-service';
import type { PushSender } from './services/driver-push/push-sender';
import { createJobOffersService } from './services/job-offers/job-offers-service';
import { createConsoleBookingsService } from './services/operator/console-bookings-service';
import { createRequestBooking } from './services/requests/request-booking';
import type { ServicesOptions } from './services-options';

/** The console's bookings, and the jobs it offers to drivers with Web Push (issue 34). */
export function consoleServices(
  options: ServicesOptions,
  repositories: Repositories,
  changes: ChangeDeps,
  shared: { bookings: BookingService; idempotency: Idempotency; push: PushSender },
) {
  const { config, clock } = options;
  const deps = {
    ...changes,
    booking: shared.bookings,
    bookings: repositories.bookings,
    drivers: repositories.drivers,
    payments: repositories.bookingPayments,
    operatorBookings: repositories.operatorBookings,
    idempotency: shared.idempotency,
    requestBooking: createRequestBooking({
      requests: repositories.requests,
      activity: repositories.activity,
      clock,
    }),
  };
  const jobOffers = createJobOffersService({
    ...deps,
    offers: repositories.jobOffers,
    push: shared.push,
    offerTimeoutSeconds: config.OFFER_TIMEOUT_SECONDS,
    logger: options.logger,
  });
  return { consoleBookings: createConsoleBookingsService(deps), jobOffers };
}
