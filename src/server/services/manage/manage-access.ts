import type { ManagedBooking } from '../../../contract/manage-booking';
import { POLICY_MESSAGES } from '../../../domain/booking-policy';
import { HttpError } from '../../errors';
import { notFound, type ManageBookingDeps } from './manage-context';
import { hashManageToken } from './manage-links';
import { viewBooking } from './managed-view';

/** Who is asking: a manage token's holder, or a signed-in corporate passenger. */
export type ManageCaller = { token: string } | { passengerId: number };

/**
 * Which booking the caller may open: a live token bound to that booking, or a corporate
 * passenger's own booking. Anything else is the same 404 as a booking that does not exist.
 */
export async function authorise(
  deps: ManageBookingDeps,
  bookingNumber: string,
  caller: ManageCaller,
): Promise<number> {
  if ('token' in caller) {
    const id = await deps.tokens.opens(hashManageToken(caller.token), bookingNumber, deps.clock());
    if (id === undefined) throw new HttpError(404, POLICY_MESSAGES.linkInvalid);
    return id;
  }
  const found = await deps.manage.findByNumber(bookingNumber);
  const owner = found && (found.passenger_id ?? found.details_passenger_id);
  if (!found || owner !== caller.passengerId) throw notFound();
  return found.id;
}

/** Reference and email (case ignored): a token and the booking, or one 404 for any miss. */
export async function lookup(
  deps: ManageBookingDeps,
  bookingNumber: string,
  email: string,
): Promise<{ manage_token: string; booking: ManagedBooking }> {
  const found = await deps.manage.findByNumber(bookingNumber.trim());
  if (!found || found.email.trim().toLowerCase() !== email.trim().toLowerCase()) {
    throw notFound();
  }
  const token = await deps.links.token(found, undefined, deps.clock());
  return { manage_token: token, booking: await viewBooking(deps, found.id) };
}
