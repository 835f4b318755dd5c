import { Box, Button, Text } from '@chakra-ui/react';
import { DRIVER_APP_MESSAGES } from '../../../../domain/driver-app-messages';
import { usePushNotifications } from '../hooks/use-push-notifications';

/**
 * Turn on notifications, where the server has a push key and the browser has Push; once on (or
 * blocked in the browser's settings), a line saying so instead.
 */
export function PushButton({ publicKey }: { publicKey: string | null }) {
  const { state, turnOn } = usePushNotifications(publicKey);
  if (state === 'unsupported') return null;
  if (state === 'on' || state === 'blocked') {
    return (
      <Text fontSize="sm" color="gray.700" role="status">
        {state === 'on'
          ? DRIVER_APP_MESSAGES.notificationsOn
          : DRIVER_APP_MESSAGES.notificationsBlocked}
      </Text>
    );
  }
  return (
    <Box>
      <Button
        type="button"
        variant="outline"
        loading={state === 'working'}
        onClick={() => void turnOn()}
      >
        Turn on notifications
      </Button>
      {state === 'failed' ? (
        <Text role="alert" color="red.800" fontSize="sm" mt={1}>
          {DRIVER_APP_MESSAGES.notificationsFailed}
        </Text>
      ) : null}
    </Box>
  );
}
