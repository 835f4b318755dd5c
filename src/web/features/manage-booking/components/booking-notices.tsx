import { Box, Button, Text } from '@chakra-ui/react';
import { formatUkMoment } from '../../../lib/format-uk-moment';
import { Notice } from './notice';

/**
 * The top of a loaded booking: when it was read, whether it is the device's copy, what was just
 * done, and what failed.
 */
export function BookingNotices({
  asOf,
  online,
  fromDevice,
  done,
  notice,
  failure,
  onRetry,
  retrying,
}: {
  asOf: string;
  online: boolean;
  /** The copy kept on this device, as the server could not be reached. */
  fromDevice: boolean;
  done: string;
  notice: string;
  failure: string | null;
  onRetry: () => void;
  retrying: boolean;
}) {
  const offline = !online || fromDevice;
  return (
    <Box display="grid" gap={3}>
      <Text color="gray.700" fontSize="sm">
        Last updated {formatUkMoment(asOf)}
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
  );
}
