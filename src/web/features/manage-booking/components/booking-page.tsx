import { Box, Button, Container, Heading, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { POLICY_MESSAGES } from '../../../../domain/booking-policy';
import { LoadingBlock } from '../../../components/loading-block';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isAccessRefused, useManagedBooking } from '../api/get-managed-booking';
import { useBookingLink } from '../hooks/use-booking-link';
import { NoAccessError } from '../lib/access';
import { BookingView } from './booking-view';
import { REFERENCE_PARAM } from './lookup-page';
import { Notice } from './notice';

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
  const { urlToken, amendSession, amendCancelled, amendSessionDone } = useBookingLink();
  const query = useManagedBooking(bookingNumber, { urlToken, corporateToken });
  useDocumentTitle(`Booking ${bookingNumber}`);

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
