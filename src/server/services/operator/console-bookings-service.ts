import type {
  AssignDriverRequest,
  BoardQuery,
  StatusChangeRequest,
} from '../../../contract/operator';
import type { ManualBookingRequest } from '../../../contract/phone-booking';
import { bookingDetail, retryRefund } from './console-booking-detail';
import { bookingsCsv } from './bookings-csv';
import { boardPage, jobsBoardPage } from './console-board';
import type { ConsoleBookingsDeps, JobTarget } from './console-context';
import { changeStatus } from './booking-status-change';
import { assignDriver } from './driver-assignment';
import type { OperatorIdentity } from './operator-auth-service';
import { bookByPhone } from './phone-booking';

/**
 * The console's side of a booking's life: the board, a booking, its status and its driver.
 * Each job has its own module; this binds them to one set of dependencies for the routes.
 */
export function createConsoleBookingsService(deps: ConsoleBookingsDeps) {
  return {
    bookByPhone: (
      operator: OperatorIdentity,
      request: ManualBookingRequest,
      key: string | undefined,
    ) => bookByPhone(deps, operator, request, key),
    board: (operator: OperatorIdentity, query: BoardQuery) => boardPage(deps, operator, query),
    bookingsCsv: (
      operator: OperatorIdentity,
      query: BoardQuery,
      log: Parameters<typeof bookingsCsv>[3],
    ) => bookingsCsv(deps, operator, query, log),
    detail: (operator: OperatorIdentity, bookingNumber: string) =>
      bookingDetail(deps, operator, bookingNumber),
    changeStatus: (
      operator: OperatorIdentity,
      target: JobTarget,
      change: StatusChangeRequest,
      key: string | undefined,
    ) => changeStatus(deps, operator, target, change, key),
    retryRefund: (operator: OperatorIdentity, bookingNumber: string, paymentId: number) =>
      retryRefund(deps, operator, bookingNumber, paymentId),
    assign: (
      operator: OperatorIdentity,
      target: JobTarget,
      request: AssignDriverRequest,
      key: string | undefined,
    ) => assignDriver(deps, operator, target, request, key),
    jobsBoard: (operator: OperatorIdentity, query: BoardQuery) =>
      jobsBoardPage(deps, operator, query),
  };
}

export type ConsoleBookingsService = ReturnType<typeof createConsoleBookingsService>;
