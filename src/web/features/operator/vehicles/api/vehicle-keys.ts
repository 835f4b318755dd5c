import { operatorKeys } from '../../api/operator-keys';

/** The Vehicles page's keys, under the operator's: sign-out removes them too. */
export const vehicleKeys = {
  vehicles: () => [...operatorKeys.all, 'vehicles'] as const,
  saveVehicle: () => [...operatorKeys.all, 'save-vehicle'] as const,
} as const;
