import { Box, Button, Flex, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { ROUTES } from '../../../config/routes';
import { CardLogos } from './card-logos';
import { CheckoutWaitingPanel } from './checkout-waiting';
import type { usePayment } from './use-payment';

export const OFFLINE_BOOKING_MESSAGE =
  'Booking needs an internet connection. You are offline: your details are kept on this device, so try again once you are back online.';
export const PASSWORD_AGAIN_MESSAGE =
  'For your security your password is not kept when the page reloads. Please enter it again on the personal details step to finish your booking.';

function Notice({ tone, children }: { tone: 'warning' | 'error'; children: ReactNode }) {
  return (
    <Box
      role="alert"
      p={4}
      rounded="md"
      borderWidth="1px"
      bg={tone === 'error' ? 'red.50' : 'orange.50'}
      borderColor={tone === 'error' ? 'red.300' : 'orange.300'}
      color="gray.900"
    >
      {children}
    </Box>
  );
}

type PaySectionProps = {
  payment: ReturnType<typeof usePayment>;
  /** The SHOWPAYINCAR and SHOWCARD settings. */
  showCar: boolean;
  showCard: boolean;
  /** An account booking after a reload: the password must be given again first. */
  needsPassword: boolean;
};

/** The payment step's 'Pay' box: the two ways to pay and what stops them. */
export function PaySection({ payment, showCar, showCard, needsPassword }: PaySectionProps) {
  const busy = payment.pending !== null || payment.waiting !== null;
  return (
    <Box as="section" aria-label="Pay" layerStyle="card" p={{ base: 4, md: 5 }}>
      <Flex direction="column" gap={4}>
        {showCard ? <CardLogos /> : null}
        {needsPassword ? (
          <Notice tone="warning">
            <Text mb={2}>{PASSWORD_AGAIN_MESSAGE}</Text>
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={ROUTES.personalDetails}>Back To Personal Detail</RouterLink>
            </Link>
          </Notice>
        ) : null}
        {payment.offline ? <Notice tone="error">{OFFLINE_BOOKING_MESSAGE}</Notice> : null}
        {payment.waiting ? (
          <CheckoutWaitingPanel waiting={payment.waiting} onCancel={payment.stopWaiting} />
        ) : null}
        {!showCar && !showCard ? (
          <Text color="gray.800">
            Online booking is not available at the moment. Please contact us to book.
          </Text>
        ) : (
          <Flex gap={3} flexWrap="wrap">
            {showCar ? (
              <Button
                type="button"
                colorPalette="brand"
                variant="outline"
                size="lg"
                disabled={needsPassword || busy}
                loading={payment.pending === 'car'}
                loadingText="Please wait"
                onClick={payment.payInCar}
              >
                {BOOKING_MESSAGES.payInCar}
              </Button>
            ) : null}
            {showCard ? (
              <Button
                type="button"
                colorPalette="brand"
                size="lg"
                disabled={needsPassword || busy}
                loading={payment.pending === 'card'}
                loadingText="Please wait"
                onClick={payment.payByCard}
              >
                {BOOKING_MESSAGES.payByCard}
              </Button>
            ) : null}
          </Flex>
        )}
      </Flex>
    </Box>
  );
}
