import { Button, Container, Heading, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';

/**
 * Shown when a screen fails to render or its code can't load (typically an old tab asking for
 * a file a newer release replaced). A reload fetches the current version. Give it a `key` that
 * changes on navigation, so moving to another screen clears the error.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Screen failed:', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Container maxW="xl" py={16}>
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
}
