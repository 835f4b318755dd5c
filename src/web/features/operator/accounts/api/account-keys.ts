import { operatorKeys } from '../../api/operator-keys';

/**
 * Query and mutation keys of the Accounts page, under the console's own (operator-keys.ts), so
 * signing out forgets them with everything else of the signed-in operator.
 */
export const accountKeys = {
  all: () => [...operatorKeys.all, 'accounts'] as const,
  list: () => [...accountKeys.all(), 'list'] as const,
  save: () => [...accountKeys.all(), 'save'] as const,
  resend: () => [...accountKeys.all(), 'resend-invitation'] as const,
} as const;

/** The invitation's calls, made before any sign-in (no operator's data to forget). */
export const invitationKeys = {
  lookup: (token: string) => ['operator-invitation', token] as const,
  setPassword: () => ['operator-invitation', 'set-password'] as const,
} as const;
