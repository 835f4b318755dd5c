import type { AssignDriverRequest, OperatorBooking } from '../../../contract/operator';
import { licenceExpired } from '../../../domain/booking-lifecycle';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { HttpError, RequestValidationError } from '../../errors';
import { requestHash } from '../../lib/idempotency';
import { todayInLondonFast } from '../../lib/uk-clock';
import { changeContext, type ChangeContext } from '../booking-changes/change-deps';
import { assignJob, checkStep } from '../booking-changes/job-steps';
import { bookingInScope, showBooking } from './console-booking-detail';
import { operatorActor, type ConsoleBookingsDeps, type JobTarget } from './console-context';
import { normaliseRegistration } from './drivers-service';
import type { OperatorIdentity } from './operator-auth-service';

/**
 * Puts a driver (and the vehicle they drive today) on a job through the one change path:
 * Driver assigned. With an Idempotency-Key a repeat assigns and mails nothing more.
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
  const answer = await deps.idempotency.run<OperatorBooking, ChangeContext>(
    {
      scope: `operator-assign:${operator.id}`,
      key,
      hash: requestHash({ bookingNumber, leg, ...request }),
      now: deps.clock(),
    },
    () => changeContext(deps),
    async (trx, ctx) => {
      const { row, jobs, job } = await bookingInScope(deps, trx, operator, target);
      checkStep(job.status, 'driver_assigned');
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
      await assignJob(
        deps,
        trx,
        ctx,
        { booking: row, jobs, job, actor: operatorActor(operator) },
        { id: driver.id, name: driver.name, vehicleRegistration: registration },
      );
      return { statusCode: 200, body: await showBooking(deps, row.id, trx) };
    },
  );
  deps.mailQueued();
  return answer.body;
}
