import { Button, Container, Heading, Text } from '@chakra-ui/react';
import { useRouteError } from 'react-router-dom';

/**
 * Shown when a screen fails to render or its code can't load (typically an old tab asking for
 * a file a newer release replaced). A reload fetches the current version.
 */
export function RouteError() {
  const error = useRouteError();
  console.error('Screen failed:', error);
  return (
    <Container as="main" maxW="xl" py={16}>
      <Heading as="h1" size="2xl" mb={3}>
        Something went wrong
      </Heading>
      <Text mb={6} color="gray.700">
        This page could not be shown. Reloading usually fixes it; your booking details are saved.
      </Text>
      <Button type="button" colorPalette="brand" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Container>
  );
}
