import { Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { MESSAGES } from '../../../../domain/messages';
import type { SettingsMap } from '../../../../domain/settings';
import { useSettings } from '../../../api/get-settings';
import { LoadingBlock } from '../../../components/loading-block';
import { useBookingDrafts, type BookingDrafts } from '../state/booking-drafts';
import { FLOW_STEPS, guardTarget, type FlowStep } from '../state/flow-guards';

/**
 * A step of the booking flow: a loader until the drafts are read, then the step when the
 * booking holds what it needs, else a redirect to the furthest step it can use (guardTarget).
 * Everything comes from the drafts, so a reload shows the same page.
 */
export function BookingStep({
  step,
  children,
}: {
  step: Exclude<FlowStep, 'quote'>;
  children: (drafts: BookingDrafts, settings: SettingsMap) => ReactNode;
}) {
  const { ready, drafts } = useBookingDrafts();
  const { settings } = useSettings();
  if (!ready) {
    return (
      <Container maxW="6xl" py={8}>
        <LoadingBlock label={MESSAGES.loadingContentDots} />
      </Container>
    );
  }
  const target = guardTarget(step, drafts);
  if (target !== FLOW_STEPS.find((entry) => entry.step === step)?.path) {
    return <Navigate to={target} replace />;
  }
  return children(drafts, settings);
}
