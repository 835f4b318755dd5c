import { Container, Heading, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';

/** A screen's title and text with a way home, never a dead end. */
function ScreenShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="3xl" py={{ base: 10, md: 16 }}>
      <Heading as="h1" size="3xl" mb={3} color="gray.900">
        {title}
      </Heading>
      {children}
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={ROUTES.home}>Back to Home</RouterLink>
      </Link>
    </Container>
  );
}

/** A screen whose feature is still to come: its title and a note. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <ScreenShell title={title}>
      <Text color="gray.700" mb={6}>
        This page arrives in a later release.
      </Text>
    </ScreenShell>
  );
}
