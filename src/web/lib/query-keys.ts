/**
 * Every TanStack Query key of the app, one factory per resource, so invalidation and
 * persistence never depend on strings scattered through components.
 */
export const queryKeys = {
  catalogue: {
    all: ['catalogue'] as const,
    settings: () => [...queryKeys.catalogue.all, 'settings'] as const,
    vehicles: () => [...queryKeys.catalogue.all, 'vehicles'] as const,
    companies: () => [...queryKeys.catalogue.all, 'companies'] as const,
    addresses: (params: { q?: string; limit?: number }) =>
      [...queryKeys.catalogue.all, 'addresses', params] as const,
  },
} as const;
