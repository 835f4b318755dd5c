import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router-dom';
import type { DriverMe } from '../../../../contract/driver';
import { DRIVER_APP_MESSAGES, DRIVER_APP_NAME } from '../../../../domain/driver-app-messages';
import { LoadingBlock } from '../../../components/loading-block';
import { ErrorPanel } from '../../../components/status-panels';
import { ApiError } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { driverKeys } from '../api/driver-keys';
import { isSignedOut, useDriverMe } from '../api/get-me';
import { useDriverJobs } from '../api/get-jobs';
import { useLogout } from '../hooks/use-logout';
import { usePositionReporting } from '../hooks/use-position-reporting';
import { usePressSending } from '../hooks/use-press-sending';
import { useWakeLock } from '../hooks/use-wake-lock';
import { jobUnderWay } from '../lib/job-lists';
import { driverLoginPath } from '../lib/redirect';
import { useLiveUpdates } from '../live/use-live-updates';
import { RefusedPresses } from './refused-presses';

/** The driver app's dark header, as its manifest's theme colour. */
export const DRIVER_HEADER_BG = '#1e293b';
const HEADER_FOCUS = { outline: '3px solid white', outlineOffset: '2px' } as const;

/** What every signed-in page gets from the layout: the driver. */
export function useDriver(): DriverMe {
  return useOutletContext<DriverMe>();
}

/** A 401 from any of the driver's calls (another tab signed out, the session ended) asks again. */
function useSessionWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type !== 'updated' || key[0] !== driverKeys.all[0] || key[1] === 'me') return;
      if (isSignedOut(event.query.state.error)) {
        void queryClient.invalidateQueries({ queryKey: driverKeys.me() });
      }
    });
  }, [queryClient]);
}

/**
 * The frame of the signed-in pages: the app's name, the driver and Sign out; the notices of
 * presses the server refused; and what runs while the app is open: live updates, sending the
 * presses, the position (on duty or on a job) and the screen kept on during a job.
 */
function SignedIn({ driver }: { driver: DriverMe }) {
  const jobs = useDriverJobs();
  const underWay = jobUnderWay(jobs.data);
  const live = useLiveUpdates(true);
  usePressSending(driver.id);
  usePositionReporting(driver.on_duty || underWay);
  useWakeLock(underWay);
  const online = useOnline();
  const { signOut, signingOut } = useLogout();

  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg={DRIVER_HEADER_BG} color="white" px={4} py={3}>
        <Flex alignItems="center" gap={3} maxW="40rem" mx="auto">
          <Box lineHeight="short">
            <Text fontWeight="bold">{DRIVER_APP_NAME}</Text>
            <Text fontSize="sm">
              {driver.name}, {driver.company_name}
            </Text>
          </Box>
          <Button
            type="button"
            ms="auto"
            variant="outline"
            color="white"
            borderColor="white"
            _hover={{ bg: 'whiteAlpha.200' }}
            _focusVisible={HEADER_FOCUS}
            loading={signingOut}
            onClick={() => void signOut()}
          >
            Sign out
          </Button>
        </Flex>
      </Box>
      <Box as="main" px={4} py={5} maxW="40rem" mx="auto">
        <Box role="status" aria-live="polite">
          {!online ? (
            <Text mb={3} p={3} rounded="md" bg="orange.100" color="orange.900">
              {DRIVER_APP_MESSAGES.offline}
            </Text>
          ) : live === 'polling' ? (
            <Text mb={3} fontSize="sm" color="gray.700">
              {DRIVER_APP_MESSAGES.liveFallback}
            </Text>
          ) : null}
        </Box>
        <RefusedPresses driverId={driver.id} />
        <Outlet context={driver} />
      </Box>
    </Box>
  );
}

/**
 * Every page for a signed-in driver: a 401 from GET /driver/me leads to sign-in and back. The
 * driver as last seen is kept on the phone, so the app opens without signal too.
 */
export function DriverLayout() {
  useSessionWatch();
  const me = useDriverMe();
  const location = useLocation();
  const intended = `${location.pathname}${location.search}${location.hash}`;

  if (me.isError && isSignedOut(me.error)) {
    return <Navigate to={driverLoginPath(intended)} replace />;
  }
  if (me.data) return <SignedIn driver={me.data} />;
  if (me.isError) {
    // Without signal and nothing kept on the phone yet: the app needs the server once.
    const offline = me.error instanceof ApiError && me.error.isNetworkError;
    return (
      <Box p={6}>
        <ErrorPanel
          message={
            offline ? DRIVER_APP_MESSAGES.noSignalFirstStart : DRIVER_APP_MESSAGES.signInCheckFailed
          }
          retrying={me.isFetching}
          onRetry={() => void me.refetch()}
        />
      </Box>
    );
  }
  // The query client knows the phone is offline: asked again as soon as the signal returns.
  if (me.fetchStatus === 'paused') {
    return (
      <Box p={6} role="status">
        <Text>{DRIVER_APP_MESSAGES.noSignalFirstStart}</Text>
      </Box>
    );
  }
  return (
    <Box p={6}>
      <LoadingBlock label={DRIVER_APP_MESSAGES.checkingSignIn} />
    </Box>
  );
}
