import { operatorKeys } from '../../api/operator-keys';

/** The Fleet and Companies pages' keys, under the operator's: sign-out removes them too. */
export const fleetKeys = {
  fleet: () => [...operatorKeys.all, 'fleet'] as const,
  saveCategory: () => [...operatorKeys.all, 'save-category'] as const,
  setOffering: () => [...operatorKeys.all, 'set-offering'] as const,
  uploadPicture: () => [...operatorKeys.all, 'upload-picture'] as const,
  companies: () => [...operatorKeys.all, 'companies'] as const,
  saveCompany: () => [...operatorKeys.all, 'save-company'] as const,
} as const;
