import type { AmendRequest } from '../../../contract/manage-booking';
import { changeRefusal } from '../../../domain/booking-policy';
import { HttpError } from '../../errors';
import { legJudged, settlementOf } from '../booking-changes/amend-job';
import type { ChangeContext } from '../booking-changes/change-deps';
import { planChange } from '../booking-changes/change-plan';
import { loadStored, type ManageBookingDeps } from './manage-context';

/** A change checked and priced, ready to be made or paid for. */
export type PreparedChange = Awaited<ReturnType<typeof prepareChange>>;

/** Checks that a change may be made now, and works it out (nothing written). */
export async function prepareChange(
  deps: ManageBookingDeps,
  bookingId: number,
  request: AmendRequest,
  ctx: ChangeContext,
) {
  const stored = await loadStored(deps, bookingId);
  const leg = legJudged(stored.booking, await deps.jobs.list(bookingId), request.leg);
  const refusal = changeRefusal(leg.status, new Date(leg.pickup_at), deps.clock(), ctx.policy);
  if (refusal) throw new HttpError(409, refusal);
  const plan = await planChange(stored, request, deps.pricing);
  return { stored, plan, ...settlementOf(stored.booking, plan) };
}
