import type { Transaction } from 'kysely';
import { REQUEST_MESSAGES } from '../../../domain/console-requests';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { RequestRow, RequestsRepository } from '../../repositories/requests-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { actorOf, requestScopeOf, requestSubject } from './requests-service';

export interface RequestBookingDeps {
  requests: RequestsRepository;
  activity: ActivityRepository;
  clock: () => Date;
}

/** The booking a phone booking made, as Book this links it to its request. */
export interface MadeBooking {
  id: number;
  number: string;
  companyId: number;
}

/**
 * Book this (issue 33): a phone booking made from a Quote Now request names it (`request_id`),
 * and the booking is linked to it in the booking's own transaction, so a request is booked once
 * and never left pointing at a booking that was not made.
 */
export function createRequestBooking(deps: RequestBookingDeps) {
  /** A request the operator may book: theirs to see, a Quote Now request, not booked yet. */
  function checkBookable(row: RequestRow | undefined): RequestRow {
    if (!row) throw new HttpError(404, REQUEST_MESSAGES.notFound);
    if (row.kind !== 'quote-now') {
      throw new RequestValidationError([
        { path: 'request_id', message: REQUEST_MESSAGES.notAQuoteRequest },
      ]);
    }
    if (row.booked_as !== null) {
      throw new HttpError(409, REQUEST_MESSAGES.alreadyBooked(row.booked_as));
    }
    return row;
  }

  return {
    /** Checks before pricing, so a request already booked costs no quote. */
    async check(operator: OperatorIdentity, requestId: number): Promise<void> {
      checkBookable(await deps.requests.find(requestId, requestScopeOf(operator)));
    },

    /**
     * Links the booking and closes the request, in the booking's transaction: a second Book
     * this racing the first finds it booked and rolls its booking back (409).
     */
    async link(
      trx: Transaction<Database>,
      operator: OperatorIdentity,
      requestId: number,
      booking: MadeBooking,
    ): Promise<void> {
      const scope = requestScopeOf(operator);
      const row = checkBookable(await deps.requests.find(requestId, scope, { trx, lock: true }));
      if (!(await deps.requests.linkBooking(requestId, booking.id, trx))) {
        throw new HttpError(409, REQUEST_MESSAGES.alreadyBooked(booking.number));
      }
      // Booked is dealt with: the booking's own mails tell the passenger the rest.
      await deps.requests.setState(requestId, 'closed', trx);
      await deps.activity.record(trx, {
        actor: actorOf(operator),
        companyId: booking.companyId,
        kind: 'requests',
        subject: requestSubject(row),
        summary: `Booked as ${booking.number}`,
        before: { state: row.state, booking: null },
        after: { state: 'closed', booking: booking.number },
        at: deps.clock(),
      });
    },
  };
}

export type RequestBooking = ReturnType<typeof createRequestBooking>;
