import { Box, Button, Container, Flex, Grid, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { currencySign, isYes, type SettingsMap } from '../../../../domain/settings';
import type { BookingSource } from '../api/create-booking';
import { AlertDialog } from '../../../components/alert-dialog';
import { QuotePanel } from '../components/quote-summary/quote-panel';
import { BookingSteps } from '../components/step-bar';
import { ROUTES } from '../../../config/routes';
import { BookingStep } from '../components/booking-step';
import { detailsState } from '../state/flow-guards';
import type { PaymentAttemptsDraft } from '../state/booking-drafts';
import { usePayment, type PaymentFailure } from './use-payment';
import { CardLogos } from './card-logos';
import { CheckoutWaitingPanel } from './checkout-waiting';
import { PersonalDetailsTable } from './personal-details-table';
import { SelectedVehicleSummary } from '../components/selected-vehicle-summary';

export const OFFLINE_BOOKING_MESSAGE =
  'Booking needs an internet connection. You are offline: your details are kept on this device, so try again once you are back online.';
export const PASSWORD_AGAIN_MESSAGE =
  'For your security your password is not kept when the page reloads. Please enter it again on the personal details step to finish your booking.';
const PRICE_CHANGED_MESSAGE =
  'The price of this booking has changed since your quote. Please check the new price before you pay.';

function Notice({ tone, children }: { tone: 'warning' | 'error'; children: React.ReactNode }) {
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

function FailureDialog({
  failure,
  onClose,
}: {
  failure: PaymentFailure | null;
  onClose: () => void;
}) {
  const message = failure?.priceChanged ? (
    <>
      <Text mb={2}>{failure.message}</Text>
      <Text mb={2}>{PRICE_CHANGED_MESSAGE}</Text>
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={ROUTES.quotation}>Back to the vehicle results</RouterLink>
      </Link>
    </>
  ) : (
    (failure?.message ?? '')
  );
  return (
    <AlertDialog
      open={failure !== null}
      title={failure?.title ?? ''}
      message={message}
      onClose={onClose}
    />
  );
}

function PaymentView({
  source,
  attempts,
  settings,
}: {
  source: BookingSource;
  attempts: PaymentAttemptsDraft | undefined;
  settings: SettingsMap;
}) {
  const payment = usePayment(source, attempts);
  const showCar = isYes(settings, 'SHOWPAYINCAR');
  const showCard = isYes(settings, 'SHOWCARD');
  // The password lives in memory only: after a reload an account booking must ask for it again.
  const needsPassword = detailsState(source) === 'passwordLost';
  const busy = payment.pending !== null || payment.waiting !== null;

  return (
    <Container maxW="6xl" py={{ base: 4, md: 8 }}>
      <BookingSteps current="payment" />
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mb={4} color="gray.900">
        Payment
      </Heading>
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(300px, 360px) 1fr' }}
        gap={6}
        alignItems="start"
      >
        <QuotePanel settings={settings} showEditToggle={false} />
        <Flex direction="column" gap={4}>
          <SelectedVehicleSummary
            selected={source.selectedVehicleData}
            currency={currencySign(settings)}
          />
          <PersonalDetailsTable data={source.registrationData} />
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
        </Flex>
      </Grid>
      <FailureDialog failure={payment.failure} onClose={payment.dismissFailure} />
    </Container>
  );
}

/**
 * Step 4 Payment (spec: Payment page), also at /stripecheckout and /checkout. Shown only when
 * the booking has prices, a chosen vehicle and registration data; otherwise the step guard
 * sends the visitor to the furthest step they can use.
 */
export function PaymentPage() {
  return (
    <BookingStep step="payment">
      {(drafts, settings) => {
        const { selectedVehicleData, registrationData } = drafts;
        // The step's guard has checked both; this only tells the type checker.
        if (!selectedVehicleData || !registrationData) return null;
        const source: BookingSource = {
          // The priced search decides the type, as the quote panel shows it.
          BookingType: drafts.PriceDetails?.bookingType ?? drafts.BookingType,
          BookingForm: drafts.BookingForm,
          HourlyRateForm: drafts.HourlyRateForm,
          registrationMode: drafts.registrationMode,
          selectedVehicleData,
          registrationData,
        };
        return (
          <PaymentView source={source} attempts={drafts.paymentAttempts} settings={settings} />
        );
      }}
    </BookingStep>
  );
}
