import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { Container, Flex, Grid, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
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
import { PaySection } from './pay-section';
import { PersonalDetailsTable } from './personal-details-table';
import { SelectedVehicleSummary } from '../components/selected-vehicle-summary';

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
      <Text mb={2}>{BOOKING_MESSAGES.priceChangedBeforePaying}</Text>
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
  // The password lives in memory only: after a reload an account booking must ask for it again.
  const needsPassword = detailsState(source) === 'passwordLost';

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
          <PaySection
            payment={payment}
            showCar={isYes(settings, 'SHOWPAYINCAR')}
            showCard={isYes(settings, 'SHOWCARD')}
            needsPassword={needsPassword}
          />
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
