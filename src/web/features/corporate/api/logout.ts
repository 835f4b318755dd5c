import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { logoutResponseSchema } from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { clearSession, readSession } from '../lib/session';
import { corporateKeys } from './corporate-keys';

/** POST /passenger/logout with the bearer token. */
export async function logout(token: string): Promise<void> {
  await apiRequest(API_PATHS.passengerLogout, {
    method: 'POST',
    token,
    schema: logoutResponseSchema,
  });
}

/** Forgets everything of the signed-in passenger on this device: storage and memory. */
export function useForgetSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.removeQueries({ queryKey: corporateKeys.all });
    await clearSession();
  }, [queryClient]);
}

/**
 * Signs out (spec section 4): with no stored token nothing happens (resolves false); otherwise
 * the server is asked to revoke the token, and whether or not it answers, the session is
 * cleared (resolves true).
 */
export function useLogout(): () => Promise<boolean> {
  const forget = useForgetSession();
  return useCallback(async () => {
    const session = await readSession().catch(() => null);
    if (!session) return false;
    try {
      await logout(session.token);
    } catch (error) {
      // Offline or already revoked: the device forgets the token all the same.
      console.error('Logout request failed:', error);
    }
    await forget();
    return true;
  }, [forget]);
}
