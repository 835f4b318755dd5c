/**
 * Every TanStack Query and mutation key of the app, one factory per resource, so invalidation
 * and persistence never depend on strings scattered through components.
 */
export const queryKeys = {
  catalogue: {
    all: ['catalogue'] as const,
    settings: () => [...queryKeys.catalogue.all, 'settings'] as const,
    vehicles: () => [...queryKeys.catalogue.all, 'vehicles'] as const,
    companies: () => [...queryKeys.catalogue.all, 'companies'] as const,
    addresses: (params: { q?: string; limit?: number; near?: string }) =>
      [...queryKeys.catalogue.all, 'addresses', params] as const,
  },
  /** Price calls (mutations: each asks the server for a fresh price). */
  quotes: {
    all: ['quotes'] as const,
    selectedVehiclePrice: () => [...queryKeys.quotes.all, 'selected-vehicle-price'] as const,
  },
  /** Booking and card checkout calls (the payment step and its result page). */
  bookings: {
    all: ['bookings'] as const,
    create: () => [...queryKeys.bookings.all, 'create'] as const,
    checkoutSession: () => [...queryKeys.bookings.all, 'checkout-session'] as const,
    publishableKey: () => [...queryKeys.bookings.all, 'publishable-key'] as const,
    /** The booking a paid checkout session became (one per session, whoever asks). */
    checkoutResult: (sessionId: string) =>
      [...queryKeys.bookings.all, 'checkout-result', sessionId] as const,
  },
} as const;
