import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { ChakraScope } from '../components/chakra/chakra-scope';
import { isBookingFlowPath } from '../config/routes';
import { useUpdateState } from './update-store';

// Chakra-built, and shown only once a new version waits: kept out of the first load.
const UpdateCard = lazy(() =>
  import('./update-card').then((module) => ({ default: module.UpdateCard })),
);

/**
 * Announces a waiting new version. Never on a booking flow step: a reload there could cost a
 * passenger the quote or the payment screen, so the prompt waits until they leave the flow.
 */
export function UpdatePrompt() {
  const { waiting, applyUpdate } = useUpdateState();
  const { pathname } = useLocation();
  if (!waiting || !applyUpdate || isBookingFlowPath(pathname)) return null;
  return (
    <ChakraScope>
      <UpdateCard applyUpdate={applyUpdate} />
    </ChakraScope>
  );
}
