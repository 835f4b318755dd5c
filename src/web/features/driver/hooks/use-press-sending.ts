import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { driverKeys } from '../api/driver-keys';
import { startPressOutbox } from '../offline/press-outbox';

/**
 * Sends the signed-in driver's waiting presses while the app is open (now, on 'online', on a
 * timer), and fetches again each job the server took or refused a press of.
 */
export function usePressSending(driverId: number): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startPressOutbox({
        driverId,
        onSettled: (jobRefs) => {
          void queryClient.invalidateQueries({ queryKey: driverKeys.jobs() });
          for (const jobRef of new Set(jobRefs)) {
            void queryClient.invalidateQueries({ queryKey: driverKeys.job(jobRef) });
          }
        },
      }),
    [driverId, queryClient],
  );
}
