import type { AssignDriverRequest, OperatorBooking } from '../../../contract/operator';
import {
  canTransition,
  licenceExpired,
  refusedTransitionMessage,
} from '../../../domain/booking-lifecycle';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { HttpError, RequestValidationError } from '../../errors';
import { requestHash } from '../../lib/idempotency';
import { todayInLondonFast } from '../../lib/uk-clock';
import { driverAssignedMail } from '../mail/lifecycle-mails';
import { detailFrom, loadBooking } from './console-booking-detail';
import {
  mailContacts,
  mailInputIn,
  recordByOperator,
  scopeOf,
  type ConsoleBookingsDeps,
  type Contacts,
  type JobTarget,
} from './console-context';
import { normaliseRegistration } from './drivers-service';
import type { OperatorIdentity } from './operator-auth-service';

/**
 * Puts a driver (and the vehicle they drive today) on a job: Driver assigned. With an
 * Idempotency-Key a repeat assigns and mails nothing more.
 */
export async function assignDriver(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  target: JobTarget,
  request: AssignDriverRequest,
  key: string | undefined,
): Promise<OperatorBooking> {
  const { bookingNumber, leg } = target;
  const registration = normaliseRegistration(request.vehicle_registration);
  const today = todayInLondonFast(deps.clock());
  const answer = await deps.idempotency.run<OperatorBooking, Contacts>(
    {
      scope: `operator-assign:${operator.id}`,
      key,
      hash: requestHash({ bookingNumber, leg, ...request }),
      now: deps.clock(),
    },
    () => mailContacts(deps),
    async (trx, contacts) => {
      const row = await deps.operatorBookings.lockInScope(scopeOf(operator), bookingNumber, trx);
      if (!row) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
      const jobs = await deps.jobs.lockAll(row.id, trx);
      const job = jobs.find((each) => each.leg === leg);
      if (!job) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
      if (!canTransition(job.status, 'driver_assigned')) {
        throw new HttpError(409, refusedTransitionMessage(job.status, 'driver_assigned'));
      }
      // The booking's company's drivers only, whoever is asking.
      const driver = await deps.drivers.find(request.driver_id, row.company_id, trx);
      if (!driver) {
        throw new RequestValidationError([
          { path: 'driver_id', message: OPERATOR_MESSAGES.driverNotCompany },
        ]);
      }
      if (!driver.active) throw new HttpError(409, OPERATOR_MESSAGES.driverInactive);
      if (licenceExpired(driver.licence_expiry, today)) {
        throw new HttpError(409, OPERATOR_MESSAGES.licenceExpired);
      }
      await deps.jobs.move(
        row.id,
        [leg],
        'driver_assigned',
        { driverId: driver.id, vehicleRegistration: registration },
        trx,
      );
      await recordByOperator(
        deps,
        trx,
        operator,
        { bookingId: row.id, leg },
        job.status,
        'driver_assigned',
        `Driver: ${driver.name}, ${registration}`,
      );
      const loaded = await loadBooking(deps, row.id, trx);
      const input = await mailInputIn(deps, trx, loaded, contacts);
      await deps.outbox.enqueue(
        driverAssignedMail(
          input,
          { name: driver.name, vehicleRegistration: registration },
          // A return booking's driver is a journey's: the mail says which (issue 32).
          jobs.length > 1 ? leg : undefined,
        ),
        trx,
      );
      return { statusCode: 200, body: detailFrom(deps, loaded) };
    },
  );
  deps.mailQueued();
  return answer.body;
}
