import { OPERATOR_MESSAGES } from '../../../domain/messages';
import type { ManualBookingRequest } from '../../../contract/phone-booking';
import { RequestValidationError } from '../../errors';
import { requestHash } from '../../lib/idempotency';
import type { Transaction } from 'kysely';
import type { BookingData } from '../../../contract/bookings';
import { formatPounds } from '../../../domain/money';
import type { Database } from '../../db/schema';
import type { ConsoleBookingsDeps } from './console-context';
import type { OperatorIdentity } from './operator-auth-service';

/** A phone booking as the public site's POST /booking inputs, so the same rules apply. */
function asBookingInputs(request: ManualBookingRequest) {
  const [firstName = '', ...rest] = request.passenger.name.trim().split(/\s+/);
  const vehicle = request.selected_vehicle;
  return {
    bookingType: request.booking_type,
    ...(request.booking_type === 'hourly'
      ? { hourlyRateForm: request.form }
      : { bookingForm: request.form }),
    selectedVehicleData: {
      quote_id: vehicle.quote_id,
      vehicle_id: vehicle.tbms_vid,
      company_id: vehicle.company_id,
      vehicle_count: vehicle.vehicle_count,
    },
    selectedVehicle: vehicle.vehicle_count,
    registrationData: {
      firstName,
      // A one-word name is the whole name.
      surname: rest.join(' ') || '-',
      email: request.passenger.email,
      number: request.passenger.phone,
      additionalInfo: request.passenger.additional_info ?? '',
    },
    selected_passenger: 'guest_login' as const,
  };
}

/** The phone booking in the console's activity log (issue 33), in the booking's transaction. */
async function recordPhoneBooking(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  operator: OperatorIdentity,
  { companyId, data }: { companyId: number; data: BookingData },
) {
  const { booking, passengerDetails } = data;
  await deps.activity.record(trx, {
    actor: { id: operator.id, name: operator.name },
    companyId,
    kind: 'bookings',
    subject: booking.booking_number,
    summary: 'Booked by phone',
    before: null,
    after: {
      status: booking.status,
      passenger: passengerDetails.passenger_name,
      pickup: `${booking.pick_up_date} ${booking.pick_up_time}`,
      from: booking.pick_up_address,
      to: booking.drop_off_address,
      vehicle: booking.vehicle_type,
      total: formatPounds(booking.total_booking_amount, booking.currency),
      payment_method: booking.payment_method,
    },
    at: deps.clock(),
  });
}

/**
 * A booking an operator takes by phone: priced by the server exactly as the public site's,
 * Confirmed from the start, paid in the car or on account. A dispatcher books only their
 * own company's vehicles.
 */
export async function bookByPhone(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  request: ManualBookingRequest,
  key: string | undefined,
): Promise<string> {
  const ownCompany = (companyId: number) =>
    operator.companyId === null || operator.companyId === companyId;
  if (!ownCompany(request.selected_vehicle.company_id)) {
    throw new RequestValidationError([
      {
        path: 'selected_vehicle.company_id',
        message: OPERATOR_MESSAGES.notOwnCompany,
      },
    ]);
  }
  const answer = await deps.idempotency.run(
    {
      scope: `operator-booking:${operator.id}`,
      key,
      hash: requestHash(request),
      now: deps.clock(),
    },
    async () => {
      const requestId = request.request_id;
      if (requestId !== undefined) await deps.requestBooking.check(operator, requestId);
      const settings = await deps.booking.loadSettings();
      const prepared = await deps.booking.prepare(asBookingInputs(request), settings);
      if (!ownCompany(prepared.companyId)) {
        throw new RequestValidationError([
          {
            path: 'selected_vehicle.quote_id',
            message: OPERATOR_MESSAGES.quoteNotOwnCompany,
          },
        ]);
      }
      return { settings, prepared };
    },
    async (trx, { settings, prepared }) => {
      const { bookingId, data } = await deps.booking.store(
        trx,
        prepared,
        { method: request.payment_method },
        settings,
        { operatorId: operator.id, name: operator.name },
      );
      await recordPhoneBooking(deps, trx, operator, { companyId: prepared.companyId, data });
      if (request.request_id !== undefined) {
        const made = {
          id: bookingId,
          number: data.booking.booking_number,
          companyId: prepared.companyId,
        };
        await deps.requestBooking.link(trx, operator, request.request_id, made);
      }
      return { statusCode: 201, body: data.booking.booking_number };
    },
  );
  deps.mailQueued();
  return answer.body;
}
