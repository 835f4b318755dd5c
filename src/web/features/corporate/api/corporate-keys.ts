/**
 * Query and mutation keys of the corporate area, one factory (lib/query-keys.ts holds the
 * app-wide ones). Everything under `all` is one passenger's data: sign-out removes it all.
 */
export const corporateKeys = {
  all: ['corporate'] as const,
  bookings: (passengerId: number) => [...corporateKeys.all, 'bookings', passengerId] as const,
  login: () => [...corporateKeys.all, 'login'] as const,
  updatePassenger: () => [...corporateKeys.all, 'update-passenger'] as const,
} as const;
