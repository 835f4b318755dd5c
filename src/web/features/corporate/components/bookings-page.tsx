import { Box, Button, Link, Text } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/loading-block';
import { ROUTES } from '../../../config/routes';
import { useBookings } from '../api/get-bookings';
import { useSmallScreen } from '../../../lib/use-small-screen';
import { isTokenRejected } from '../api/validate-token';
import { formatMoment } from '../lib/format';
import { pageOf, parsePage } from '../lib/paging';
import { BookingDetailsModal } from './booking-details-modal';
import { BookingsCards } from './bookings-cards';
import { DeviceCopyNotice } from './device-copy-notice';
import { BookingsPager } from './bookings-pager';
import { BookingsTable } from './bookings-table';
import { CorporateShell, type CorporateContext } from './corporate-shell';

/** The page shown lives in the URL (?page=2), so Back, a reload and a shared link keep it. */
const PAGE_PARAM = 'page';

function BookingsContent({ session, signOutToLogin }: CorporateContext) {
  const query = useBookings(session);
  const [searchParams, setSearchParams] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(null);
  const narrow = useSmallScreen();
  const signOut = useEffectEvent(() => void signOutToLogin());

  // The server refused the token while the list loaded: the device's copy goes with it.
  const rejected = isTokenRejected(query.error);
  useEffect(() => {
    if (rejected) signOut();
  }, [rejected]);

  if (query.isPending || rejected) return <LoadingBlock label="Loading your bookings…" />;

  if (query.isError) {
    const offline = !navigator.onLine;
    return (
      <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" p={4} rounded="md">
        <Text color="red.800" mb={3}>
          {offline
            ? 'You are offline, and this device has no saved copy of your bookings yet.'
            : 'We could not load your bookings. Please try again.'}
        </Text>
        <Button
          type="button"
          variant="outline"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Try again
        </Button>
      </Box>
    );
  }

  const { bookings, fetchedAt, source } = query.data;
  const lastUpdated = source === 'device' ? formatMoment(fetchedAt) : null;
  const page = pageOf(bookings, parsePage(searchParams.get(PAGE_PARAM)));
  const booking = bookings.find((item) => item.booking_number === selected) ?? null;

  const goToPage = (next: number) => {
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === 1) copy.delete(PAGE_PARAM);
        else copy.set(PAGE_PARAM, String(next));
        return copy;
      },
      { preventScrollReset: true },
    );
  };

  return (
    <>
      {lastUpdated ? <DeviceCopyNotice lastUpdated={lastUpdated} /> : null}
      {bookings.length === 0 ? (
        <Text color="gray.800">
          No bookings yet.{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={ROUTES.bookNow}>Book a ride</RouterLink>
          </Link>
        </Text>
      ) : (
        <>
          {narrow ? (
            <BookingsCards bookings={page.rows} onDetails={setSelected} />
          ) : (
            <BookingsTable bookings={page.rows} onDetails={setSelected} />
          )}
          <BookingsPager page={page} onPage={goToPage} />
        </>
      )}
      <BookingDetailsModal
        open={selected !== null}
        booking={booking}
        lastUpdated={lastUpdated}
        onClose={() => setSelected(null)}
      />
    </>
  );
}

/**
 * /bookings (spec section 2): the signed-in passenger's bookings, 20 to a page; a table on
 * wide screens, a list of cards at 768px or less.
 */
export function BookingsPage() {
  return (
    <CorporateShell title="Bookings">
      {(context) => <BookingsContent {...context} />}
    </CorporateShell>
  );
}
