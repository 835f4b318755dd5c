import type { BoardFilters } from '../lib/board-filters';

/**
 * Query and mutation keys of the operator console, one factory (lib/query-keys.ts holds the
 * app-wide ones). Everything under `all` is the signed-in operator's: sign-out removes it all.
 */
export const operatorKeys = {
  all: ['operator'] as const,
  me: () => [...operatorKeys.all, 'me'] as const,
  boards: () => [...operatorKeys.all, 'board'] as const,
  board: (filters: BoardFilters) => [...operatorKeys.boards(), filters] as const,
  bookings: () => [...operatorKeys.all, 'booking'] as const,
  booking: (bookingNumber: string) => [...operatorKeys.bookings(), bookingNumber] as const,
  drivers: () => [...operatorKeys.all, 'drivers'] as const,
  login: () => [...operatorKeys.all, 'login'] as const,
  logout: () => [...operatorKeys.all, 'logout'] as const,
  changeStatus: () => [...operatorKeys.all, 'change-status'] as const,
  assignDriver: () => [...operatorKeys.all, 'assign-driver'] as const,
  offerJob: () => [...operatorKeys.all, 'offer-job'] as const,
  retryRefund: () => [...operatorKeys.all, 'retry-refund'] as const,
  saveDriver: () => [...operatorKeys.all, 'save-driver'] as const,
  inviteDriver: () => [...operatorKeys.all, 'invite-driver'] as const,
  createBooking: () => [...operatorKeys.all, 'create-booking'] as const,
  quote: () => [...operatorKeys.all, 'quote'] as const,
  // Live tracking (issue 34): the drivers on the map, and each job's trail.
  driverPositions: () => [...operatorKeys.all, 'driver-positions'] as const,
  trails: () => [...operatorKeys.all, 'trail'] as const,
  trail: (jobRef: string) => [...operatorKeys.trails(), jobRef] as const,
} as const;
