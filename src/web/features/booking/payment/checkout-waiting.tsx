import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { CHECKOUT_WINDOW_NAME, listenForCheckoutResult } from '../../../lib/checkout-redirect';
import type { CheckoutWaiting } from './use-payment';

/**
 * Shown in the framed booking while checkout runs in its own window. The checkout window's
 * result page reports back (lib/checkout-redirect.ts); when the browser keeps the two apart,
 * the visitor says they have paid and the result page asks the server.
 */
export function CheckoutWaitingPanel({
  waiting,
  onCancel,
}: {
  waiting: CheckoutWaiting;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const successPath = `${ROUTES.paymentSuccess}?session_id=${encodeURIComponent(waiting.sessionId)}`;

  useEffect(
    () =>
      listenForCheckoutResult(waiting.sessionId, (result) => {
        void navigate(result.status === 'success' ? successPath : ROUTES.paymentCancel);
      }),
    [navigate, successPath, waiting.sessionId],
  );

  return (
    <Box
      role="status"
      layerStyle="card"
      p={{ base: 4, md: 5 }}
      borderLeftWidth="4px"
      borderLeftColor="brand.solid"
    >
      <Heading as="h2" size="md" mb={2} color="gray.900">
        Complete the payment in the new window
      </Heading>
      <Text color="gray.800" mb={3}>
        {waiting.opened
          ? 'The secure card payment page has opened in a new window. This page will show your booking once you have paid.'
          : 'Your browser blocked the new window. Open the secure card payment page with the button below.'}
      </Text>
      <Flex gap={2} flexWrap="wrap">
        <Button asChild variant={waiting.opened ? 'outline' : 'solid'} colorPalette="brand">
          <a href={waiting.url} target={CHECKOUT_WINDOW_NAME}>
            Open the payment window
          </a>
        </Button>
        <Button type="button" variant="outline" onClick={() => void navigate(successPath)}>
          I have completed the payment
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </Flex>
    </Box>
  );
}
