import type { JobLeg } from '../../../domain/booking-jobs';
import type { createIdempotency } from '../../lib/idempotency';
import type { BookingPaymentsRepository } from '../../repositories/booking-payments-repository';
import type { BookingsRepository } from '../../repositories/bookings-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type {
  BookingScope,
  OperatorBookingsRepository,
} from '../../repositories/operator-bookings-repository';
import type { BookingService } from '../bookings/booking-service';
import type { RequestBooking } from '../requests/request-booking';
import type { ChangeDeps } from '../booking-changes/change-deps';
import type { OperatorIdentity } from './operator-auth-service';

/**
 * The console's bookings: what every change is written with (booking-changes/), and the
 * board, the phone booking and the operator's scope.
 */
export interface ConsoleBookingsDeps extends ChangeDeps {
  /** The public site's booking rules, which a phone booking follows too. */
  booking: BookingService;
  operatorBookings: OperatorBookingsRepository;
  bookings: BookingsRepository;
  drivers: DriversRepository;
  /** The ledger's rows, read for the Retry refund check. */
  payments: Pick<BookingPaymentsRepository, 'list' | 'find'>;
  idempotency: ReturnType<typeof createIdempotency>;
  /** Links a booking made with Book this to its Quote Now request. */
  requestBooking: RequestBooking;
}

/**
 * Which job an operator's call is about. By the booking's own endpoints (`via: 'booking'`) it
 * is the outward job, and a cancellation is the whole booking's, as before jobs; by the jobs
 * endpoints it is the leg the job reference names.
 */
export interface JobTarget {
  bookingNumber: string;
  leg: JobLeg;
  via: 'booking' | 'job';
}

/** The bookings an operator may see: their company's, or all when they have none (the admin). */
export function scopeOf(operator: OperatorIdentity): BookingScope {
  return { companyId: operator.companyId };
}

/** The operator as the actor of a change: the history names them. */
export function operatorActor(operator: OperatorIdentity) {
  return { kind: 'operator' as const, id: operator.id, name: operator.name };
}
