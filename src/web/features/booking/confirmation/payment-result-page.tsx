import { Box, Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { BookingData } from '../../../../contract/bookings';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { currencySign, isYes } from '../../../../domain/settings';
import { useSettings } from '../../../api/get-settings';
import { LoadingBlock } from '../../../components/loading-block';
import { BookingProgress } from '../components/step-bar';
import { manageBookingPath, ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { rememberBooking, rememberedBooking } from '../state/booking-results';
import { announceCheckoutResult, isCheckoutRelay } from '../../../lib/checkout-redirect';
import { forgetCardAttempt } from '../state/payment-attempts';
import { clearBookingDrafts, useBookingDrafts } from '../state/booking-drafts';
import { useCheckoutBooking } from './use-checkout-booking';
import { BookingDetails } from './booking-details';

export const FINALISING_MESSAGE = 'Please wait while we confirm your booking...';
export const NOT_CONFIRMED_TITLE = 'We could not confirm your booking yet';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <Container maxW="3xl" py={{ base: 6, md: 12 }}>
      {children}
    </Container>
  );
}

/**
 * 'Manage your booking': the booking's own page, opened with the manage token the server
 * minted for this answer (the page keeps it on the device and takes it out of the address).
 * Without one (a copy kept from before) the page offers the lookup by reference and email.
 */
function ManageLink({ data }: { data: BookingData }) {
  const path = manageBookingPath(data.booking.booking_number);
  const to = data.manage_token ? `${path}?token=${encodeURIComponent(data.manage_token)}` : path;
  return (
    <Button asChild colorPalette="brand" mt={6}>
      <RouterLink to={to}>Manage your booking</RouterLink>
    </Button>
  );
}

/** What a Pending booking still waits for, so the thanks never reads as a confirmed ride. */
export const PENDING_NOTE =
  'Your booking is Pending until the operator confirms it. We will email you when they do.';

/** Where the booking is now: Pending at first, Confirmed once the operator accepts it. */
function StatusLine({ data }: { data: BookingData }) {
  const status = data.booking.status;
  return (
    <Box mb={6} p={3} rounded="md" borderWidth="1px" borderColor="gray.300" bg="gray.50">
      <Text color="gray.900" fontWeight="semibold">
        Booking status: {BOOKING_STATUS_LABELS[status]}
      </Text>
      {status === 'pending' ? <Text color="gray.800">{PENDING_NOTE}</Text> : null}
    </Box>
  );
}

function HomeLink() {
  return (
    <Button asChild variant="outline" mt={6}>
      <RouterLink to={ROUTES.home}>Back to Home</RouterLink>
    </Button>
  );
}

/** The spec's three success lines (section 2, Payment result page). */
function ThankYou() {
  return (
    <Box mb={6}>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        {BOOKING_MESSAGES.thankYou}
      </Heading>
      <Text fontSize="xl" fontWeight="semibold" color="green.700" mb={1}>
        {BOOKING_MESSAGES.quoteConfirmed}
      </Text>
      <Text color="gray.800">{BOOKING_MESSAGES.emailSent}</Text>
    </Box>
  );
}

/**
 * A confirmed booking: the thanks and its details. Showing it ends the booking, so every
 * saved draft goes (spec section 4); settings live elsewhere and stay.
 */
function Confirmed({ data }: { data: BookingData }) {
  const { settings } = useSettings();
  const { ready } = useBookingDrafts();
  const bookingNumber = data.booking.booking_number;
  useEffect(() => {
    rememberBooking(data);
  }, [data]);
  useEffect(() => {
    // Only once the drafts were read: a clear before that would be undone by the read.
    if (ready) void clearBookingDrafts();
  }, [ready, bookingNumber]);
  return (
    <Shell>
      <BookingProgress current="payment" booked />
      <ThankYou />
      <StatusLine data={data} />
      <BookingDetails
        data={data}
        currency={currencySign(settings)}
        roundOff={isYes(settings, 'ROUND_OFF')}
      />
      <Flex gap={3} flexWrap="wrap">
        <ManageLink data={data} />
        <HomeLink />
      </Flex>
    </Shell>
  );
}

/** A booking known here by its number only: the thanks, its reference, and why. */
function ReferenceOnly({ bookingNumber, note }: { bookingNumber: string; note?: string }) {
  return (
    <Shell>
      <ThankYou />
      <Text color="gray.800">Reference ID: {bookingNumber}</Text>
      {note ? (
        <Text color="gray.700" mt={2}>
          {note}
        </Text>
      ) : null}
      <HomeLink />
    </Shell>
  );
}

/**
 * A card booking the server answered with its number only (this tab did not make the first
 * request, or lost its key): the details this tab kept, else the reference. The booking is
 * made either way, so the drafts go.
 */
function ConfirmedByNumber({ bookingNumber, note }: { bookingNumber: string; note: string }) {
  const [kept] = useState(() => rememberedBooking(bookingNumber));
  const { ready } = useBookingDrafts();
  useEffect(() => {
    if (ready && !kept) void clearBookingDrafts();
  }, [ready, kept]);
  if (kept) return <Confirmed data={kept} />;
  return <ReferenceOnly bookingNumber={bookingNumber} note={note} />;
}

function CardResult({ sessionId }: { sessionId: string }) {
  const { ready, drafts } = useBookingDrafts();
  const query = useCheckoutBooking(sessionId, drafts, ready);
  if (query.data) {
    const answer = query.data;
    if ('message' in answer) {
      return (
        <ConfirmedByNumber
          bookingNumber={answer.data.booking.booking_number}
          note={answer.message}
        />
      );
    }
    return <Confirmed data={answer.data} />;
  }
  if (query.isError) {
    const offline = query.error instanceof ApiError && query.error.isNetworkError;
    return (
      <Shell>
        <Box role="alert">
          <Heading as="h1" size="2xl" mb={3} color="gray.900">
            {NOT_CONFIRMED_TITLE}
          </Heading>
          <Text color="gray.800" mb={2}>
            {query.error.message}
          </Text>
          <Text color="gray.700" mb={4}>
            {offline
              ? 'Your payment is safe. Check your connection and try again: you will not be charged twice.'
              : 'Your payment is safe. Try again, or contact us with your payment details.'}
          </Text>
        </Box>
        <Button
          type="button"
          colorPalette="brand"
          loading={query.isFetching}
          loadingText="Please wait"
          onClick={() => void query.refetch()}
        >
          Try again
        </Button>
      </Shell>
    );
  }
  return (
    <Shell>
      <LoadingBlock label={FINALISING_MESSAGE} />
    </Shell>
  );
}

/** Pay in Car: the booking this tab was answered with, kept across a reload. */
function StoredResult({ bookingNumber }: { bookingNumber: string }) {
  const [data] = useState(() => rememberedBooking(bookingNumber));
  if (data) return <Confirmed data={data} />;
  return <ReferenceOnly bookingNumber={bookingNumber} />;
}

/** Spec: 'Payment Canceled'. The drafts stay, so the visitor can go back and pay again. */
function Canceled({ relay }: { relay: boolean }) {
  const { ready, drafts } = useBookingDrafts();
  useEffect(() => {
    // The next Pay By Card opens a new checkout rather than the abandoned one.
    if (ready) void forgetCardAttempt(drafts);
  }, [ready, drafts]);
  return (
    <Shell>
      <Heading as="h1" size="3xl" mb={3} color="gray.900">
        {BOOKING_MESSAGES.paymentCanceledTitle}
      </Heading>
      <Text color="gray.800" mb={2}>
        {BOOKING_MESSAGES.paymentCanceled}
      </Text>
      <Text color="gray.700" mb={6}>
        {BOOKING_MESSAGES.paymentCanceledHelp}
      </Text>
      {relay ? (
        <Text color="gray.800">You can close this window and return to your booking.</Text>
      ) : (
        <Flex gap={3} flexWrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to={ROUTES.payment}>Back to Payment</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={ROUTES.home}>Back to Home</RouterLink>
          </Button>
        </Flex>
      )}
    </Shell>
  );
}

/** The checkout window of a framed booking: the framed page shows the booking. */
function RelayDone() {
  return (
    <Shell>
      <Heading as="h1" size="2xl" mb={3} color="gray.900">
        Payment complete
      </Heading>
      <Text color="gray.800">
        You can close this window: your booking is shown on the page where you booked.
      </Text>
    </Shell>
  );
}

/**
 * /payment-success and /paymentSuccessView (query session_id, status default success) and
 * /payment-cancel (spec: Payment result page). A card payment is finalised with the server
 * from its session; Pay in Car shows the booking this tab was answered with.
 */
export function PaymentResultPage({ canceled = false }: { canceled?: boolean }) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const bookingNumber = params.get('booking');
  const status = canceled || params.get('status') === 'canceled' ? 'canceled' : 'success';
  // Read once: the answer must not change under the visitor if the opener goes away.
  const [relay] = useState(isCheckoutRelay);

  useEffect(() => {
    if (status === 'canceled' || sessionId) announceCheckoutResult({ status, sessionId });
  }, [status, sessionId]);

  if (status === 'canceled') return <Canceled relay={relay} />;
  if (sessionId) return relay ? <RelayDone /> : <CardResult sessionId={sessionId} />;
  if (bookingNumber) return <StoredResult bookingNumber={bookingNumber} />;
  return <NothingFound />;
}

export const NO_BOOKING_TITLE = 'No booking found';

/** Neither a payment session nor a booking to show: nothing here is confirmed. */
function NothingFound() {
  return (
    <Shell>
      <Heading as="h1" size="3xl" mb={3} color="gray.900">
        {NO_BOOKING_TITLE}
      </Heading>
      <Text color="gray.800">
        This page shows a booking after its payment. There is no payment or booking to show here: if
        you have just paid, look for the confirmation email, or contact us.
      </Text>
      <HomeLink />
    </Shell>
  );
}
