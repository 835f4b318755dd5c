import type { JobLeg } from '../../../../domain/booking-jobs';

/**
 * Query and mutation keys of the passenger's booking pages (issue 22), one factory (lib/query-keys.ts
 * holds the app-wide ones). Nothing under `all` is persisted to localStorage: a booking holds
 * personal data, and its offline copy lives in IndexedDB (lib/stored-bookings.ts).
 */
export const manageBookingKeys = {
  all: ['manage-booking'] as const,
  booking: (bookingNumber: string) => [...manageBookingKeys.all, 'booking', bookingNumber] as const,
  lookup: () => [...manageBookingKeys.all, 'lookup'] as const,
  preview: () => [...manageBookingKeys.all, 'amend-preview'] as const,
  amend: () => [...manageBookingKeys.all, 'amend'] as const,
  amendPayment: () => [...manageBookingKeys.all, 'amend-payment'] as const,
  cancel: () => [...manageBookingKeys.all, 'cancel'] as const,
  receipt: () => [...manageBookingKeys.all, 'receipt'] as const,
  /** The driver of one journey on its way (issue 34). */
  drivers: (bookingNumber: string) => [...manageBookingKeys.all, 'driver', bookingNumber] as const,
  driver: (bookingNumber: string, leg: JobLeg) =>
    [...manageBookingKeys.drivers(bookingNumber), leg] as const,
} as const;
