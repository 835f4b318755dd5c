import type { AmendRequest, CancelRequest } from '../../../contract/manage-booking';
import type { PushSubscriptionRequest } from '../../../contract/web-push';
import type { CheckoutSessionRecord } from '../../repositories/checkout-sessions-repository';
import { amendBooking, changeCountKeys, previewChange } from './amend-booking';
import { cancelBooking } from './cancel-booking';
import { amendPayment, finalisePaid } from './difference-payment';
import { authorise, lookup, type ManageCaller } from './manage-access';
import type { ManageBookingDeps } from './manage-context';
import { followByPush } from './manage-push';
import { receiptPdf, viewBooking } from './managed-view';

/**
 * The passenger's own booking (issue 22): found by a manage token or by reference and email,
 * shown with its status, history, driver and money, changed and cancelled under the
 * operator's policy, with card refunds and difference payments on the ledger exactly once.
 * Each job has its own module; this binds them to one set of dependencies for the routes.
 */
export function createManageBookingService(deps: ManageBookingDeps) {
  return {
    view: (bookingId: number) => viewBooking(deps, bookingId),
    authorise: (bookingNumber: string, caller: ManageCaller) =>
      authorise(deps, bookingNumber, caller),
    lookup: (bookingNumber: string, email: string) => lookup(deps, bookingNumber, email),
    changeCountKeys: (bookingId: number, key: string | undefined) =>
      changeCountKeys(deps, bookingId, key),
    preview: (bookingId: number, request: AmendRequest) => previewChange(deps, bookingId, request),
    amend: (
      bookingId: number,
      request: AmendRequest,
      key: string | undefined,
      requestOrigin: string,
    ) => amendBooking(deps, bookingId, request, key, requestOrigin),
    amendPayment: (bookingId: number, sessionId: string) =>
      amendPayment(deps, bookingId, sessionId),
    finalisePaid: (session: CheckoutSessionRecord, paymentId: string) =>
      finalisePaid(deps, session, paymentId),
    cancel: (bookingId: number, request: CancelRequest, key: string | undefined) =>
      cancelBooking(deps, bookingId, request, key),
    receipt: (bookingId: number) => receiptPdf(deps, bookingId),
    /** "Text me about this booking" turned on or off (issue 35); the booking as it is now. */
    async chooseTexts(bookingId: number, wanted: boolean) {
      await deps.texts.setWanted(bookingId, wanted);
      return viewBooking(deps, bookingId);
    },
    /** "Notify me on this phone" (issue 35): the browser follows the booking; the booking now. */
    async followByPush(bookingId: number, subscription: PushSubscriptionRequest) {
      await followByPush(deps, bookingId, subscription);
      return viewBooking(deps, bookingId);
    },
    /** This browser stops following the booking ("Turn off"); the booking now. */
    async stopPush(bookingId: number, endpoint: string) {
      await deps.passengerPush.removeOf(bookingId, endpoint);
      return viewBooking(deps, bookingId);
    },
  };
}

export type ManageBookingService = ReturnType<typeof createManageBookingService>;
