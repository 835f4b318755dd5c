import { Box, Button, Container, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { CancelResponse } from '../../../../contract/manage-booking';
import { legExtrasSections } from '../../../../contract/leg-extras-lines';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { POLICY_MESSAGES } from '../../../../domain/booking-policy';
import { LoadingBlock } from '../../../components/loading-block';
import { ROUTES } from '../../../config/routes';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { formatUkMoment } from '../../../lib/format-uk-moment';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { usePayAmendment } from '../api/amend-booking';
import { useDownloadReceipt } from '../api/download-receipt';
import {
  isAccessRefused,
  useManagedBooking,
  type ManagedBookingView,
} from '../api/get-managed-booking';
import { NoAccessError } from '../lib/access';
import { refundSentence } from '../lib/format';
import {
  DriverDetails,
  ExtrasDetails,
  JourneyDetails,
  PassengerDetails,
  PriceDetails,
  Section,
  StatusTimeline,
} from './booking-sections';
import { CancelDialog } from './cancel-dialog';
import { ChangeBooking } from './change-booking';
import { REFERENCE_PARAM } from './lookup-page';

/** The mail link's manage token: read once, then removed from the address bar. */
export const TOKEN_PARAM = 'token';
/** Set by the checkout of a change's difference when it sends the passenger back. */
export const AMEND_SESSION_PARAM = 'amend_session';
/** Set when the passenger leaves the difference's checkout without paying. */
export const AMEND_CANCELLED_PARAM = 'amend_cancelled';
const AMEND_CANCELLED_TEXT =
  'Your change was not made: the payment of the difference was cancelled. Your booking is as it was.';

function Notice({ tone, children }: { tone: 'info' | 'error' | 'success'; children: ReactNode }) {
  const colours = {
    info: { borderColor: 'orange.300', bg: 'orange.50', color: 'gray.900' },
    error: { borderColor: 'red.300', bg: 'red.50', color: 'red.800' },
    success: { borderColor: 'green.300', bg: 'green.50', color: 'green.900' },
  }[tone];
  return (
    <Box borderWidth="1px" rounded="md" px={4} py={3} {...colours}>
      {children}
    </Box>
  );
}

/** Where a passenger without access on this device goes: the lookup, with the reference filled in. */
function LookupLink({ bookingNumber }: { bookingNumber: string }) {
  const search = new URLSearchParams({ [REFERENCE_PARAM]: bookingNumber });
  return (
    <Link asChild color="brand.fg" fontWeight="medium">
      <RouterLink to={`${ROUTES.manageBooking}?${search.toString()}`}>
        Find your booking with its reference and email
      </RouterLink>
    </Link>
  );
}

function BookingView({
  view,
  amendSession,
  amendCancelled,
  onAmendSessionDone,
  onRetry,
  retrying,
}: {
  view: ManagedBookingView;
  amendSession: string | null;
  /** Back from the difference's checkout without paying. */
  amendCancelled: boolean;
  onAmendSessionDone: () => void;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { booking, access } = view;
  const bookingNumber = booking.booking_number;
  const online = useOnline();
  const fromDevice = view.source === 'device';
  const offline = !online || fromDevice;
  const [done, setDone] = useState('');
  const [notice, setNotice] = useState(amendCancelled ? AMEND_CANCELLED_TEXT : '');
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const receipt = useDownloadReceipt();
  const { mutate: payDifference } = usePayAmendment();
  // After a change or a cancellation its button may be gone: focus goes to the status line.
  const statusLine = useRef<HTMLDivElement>(null);
  const cancelled = useRef(false);
  const paidSession = useRef<string | null>(null);

  // Back from paying a change's difference: the change is made now, once per session.
  useEffect(() => {
    if (!amendSession || offline || paidSession.current === amendSession) return;
    paidSession.current = amendSession;
    payDifference(
      { bookingNumber, access, sessionId: amendSession },
      {
        onSuccess: () => setDone('The difference is paid and your booking has been changed.'),
        onError: (error) =>
          setFailure(
            `Your change could not be made: ${error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE}`,
          ),
        onSettled: onAmendSessionDone,
      },
    );
  }, [amendSession, offline, bookingNumber, access, payDifference, onAmendSessionDone]);

  const afterChange = (text: string) => {
    setFailure(null);
    setNotice('');
    setDone(text);
    statusLine.current?.focus();
  };

  const afterCancel = (answer: CancelResponse) => {
    cancelled.current = true;
    setCancelOpen(false);
    afterChange(
      ['Your booking is cancelled.', refundSentence(answer.refund)].filter(Boolean).join(' '),
    );
  };

  const download = async () => {
    setFailure(null);
    try {
      await receipt.mutateAsync({ bookingNumber, access });
    } catch (error) {
      setFailure(
        `The receipt could not be downloaded. ${error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE}`,
      );
    }
  };

  return (
    <Box display="grid" gap={5}>
      <Box display="grid" gap={3}>
        <Text color="gray.700" fontSize="sm">
          Last updated {formatUkMoment(booking.as_of)}
        </Text>
        <Box role="status" aria-live="polite" display="grid" gap={3}>
          {offline ? (
            <Notice tone="info">
              {online
                ? 'We could not reach our server, so this is the copy of your booking saved on this device. '
                : 'You are offline. This is the copy of your booking saved on this device. '}
              Changing, cancelling and downloading the receipt need a connection.
            </Notice>
          ) : null}
          {done ? <Notice tone="success">{done}</Notice> : null}
          {notice && !done ? <Notice tone="info">{notice}</Notice> : null}
        </Box>
        {fromDevice && online ? (
          <Box>
            <Button type="button" variant="outline" loading={retrying} onClick={onRetry}>
              Try again
            </Button>
          </Box>
        ) : null}
        <Box role="alert">{failure ? <Notice tone="error">{failure}</Notice> : null}</Box>
      </Box>

      <Section title="Status">
        <Flex
          ref={statusLine}
          tabIndex={-1}
          alignItems="baseline"
          gap={2}
          mb={3}
          fontSize="lg"
          color="gray.900"
        >
          <Text fontWeight="semibold">Status:</Text>
          <Text>{BOOKING_STATUS_LABELS[booking.status]}</Text>
        </Flex>
        <StatusTimeline history={booking.history} />
      </Section>

      {booking.driver ? (
        <Section title="Driver">
          <DriverDetails driver={booking.driver} />
        </Section>
      ) : null}

      <Flex gap={3} flexWrap="wrap" alignItems="center">
        {booking.receipt_available ? (
          <Button
            type="button"
            variant="outline"
            disabled={offline || receipt.isPending}
            onClick={() => void download()}
          >
            {receipt.isPending ? 'Downloading…' : 'Download receipt (PDF)'}
          </Button>
        ) : null}
        {booking.cancellation ? (
          <Button
            type="button"
            colorPalette="red"
            variant="outline"
            aria-haspopup="dialog"
            disabled={offline}
            onClick={() => {
              cancelled.current = false;
              setCancelOpen(true);
            }}
          >
            Cancel booking
          </Button>
        ) : booking.cancel_refusal ? (
          <Text color="gray.800">{booking.cancel_refusal}</Text>
        ) : null}
      </Flex>
      {booking.free_cancellation_until ? (
        <Text color="gray.800">
          Free cancellation until {formatUkMoment(booking.free_cancellation_until)} (UK time); after
          that a late-cancellation fee applies.
        </Text>
      ) : null}

      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={5}>
        <Section title="Journey">
          <JourneyDetails booking={booking} />
        </Section>
        <Section title="Passenger">
          <PassengerDetails booking={booking} />
        </Section>
        {legExtrasSections(booking.booking.legExtras).map(({ title, leg }) => (
          <Section key={title} title={title}>
            <ExtrasDetails leg={leg} />
          </Section>
        ))}
        <Section title="Price and payment">
          <PriceDetails booking={booking} />
        </Section>
      </Box>

      <Section title="Change booking">
        {booking.change_refusal === null ? (
          <>
            <Text color="gray.800" mb={3}>
              You can change this booking until {formatUkMoment(booking.change_until)} (UK time).
            </Text>
            <ChangeBooking view={view} disabled={offline} onChanged={afterChange} />
          </>
        ) : (
          <Text color="gray.800">{booking.change_refusal}</Text>
        )}
      </Section>

      {booking.cancellation ? (
        <CancelDialog
          open={cancelOpen}
          onClose={() => setCancelOpen(false)}
          finalFocus={() => (cancelled.current ? statusLine.current : null)}
          bookingNumber={bookingNumber}
          access={access}
          terms={booking.cancellation}
          onCancelled={afterCancel}
        />
      ) : null}
    </Box>
  );
}

/**
 * /manage-booking/:bookingNumber (issue 22): the passenger's own booking. Opened from the mail
 * link (`?token=`, kept on this device and taken out of the address bar so it leaks into
 * neither history nor a Referer), after a lookup, or by a signed-in corporate passenger.
 * Offline it shows the copy kept on this device.
 */
export function ManageBookingPage({
  corporateToken,
}: {
  /** The signed-in corporate passenger's bearer token, if any (app/ composes it in). */
  corporateToken?: () => Promise<string | null>;
}) {
  const { bookingNumber = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once, before the address bar loses them.
  const [urlToken] = useState(() => searchParams.get(TOKEN_PARAM));
  const [amendSession, setAmendSession] = useState(() => searchParams.get(AMEND_SESSION_PARAM));
  const [amendCancelled] = useState(() => searchParams.has(AMEND_CANCELLED_PARAM));
  const query = useManagedBooking(bookingNumber, { urlToken, corporateToken });
  useDocumentTitle(`Booking ${bookingNumber}`);

  const hasToken = searchParams.has(TOKEN_PARAM) || searchParams.has(AMEND_CANCELLED_PARAM);
  useEffect(() => {
    if (!hasToken) return;
    // history.replaceState underneath: no entry keeps the token, and links leave without it.
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(TOKEN_PARAM);
        next.delete(AMEND_CANCELLED_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [hasToken, setSearchParams]);

  const amendSessionDone = () => {
    setAmendSession(null);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(AMEND_SESSION_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingBlock label="Loading your booking…" />;
  } else if (query.data) {
    body = (
      <BookingView
        view={query.data}
        amendSession={amendSession}
        amendCancelled={amendCancelled}
        onAmendSessionDone={amendSessionDone}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (isAccessRefused(query.error)) {
    body = (
      <Box display="grid" gap={3}>
        <Text color="gray.900">
          {query.error instanceof NoAccessError
            ? 'To see this booking on this device, find it with its reference and the email you booked with.'
            : POLICY_MESSAGES.linkInvalid}
        </Text>
        <Box>
          <LookupLink bookingNumber={bookingNumber} />
        </Box>
      </Box>
    );
  } else {
    body = (
      <Box role="alert" display="grid" gap={3}>
        <Notice tone="error">
          {navigator.onLine
            ? `We could not load your booking. ${query.error instanceof ApiError ? query.error.message : ''}`
            : 'You are offline, and this device has no saved copy of this booking yet.'}
        </Notice>
        <Box>
          <Button
            type="button"
            variant="outline"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Heading as="h1" size="3xl" mb={5} color="gray.900">
        Booking {bookingNumber}
      </Heading>
      {body}
    </Container>
  );
}
