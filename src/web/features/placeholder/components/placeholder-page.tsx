import { Container, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';

/** A screen whose feature is still to come: its title and a note, never a dead end. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container maxW="3xl" py={{ base: 10, md: 16 }}>
      <Heading as="h1" size="3xl" mb={3} color="gray.900">
        {title}
      </Heading>
      <Text color="gray.700" mb={6}>
        This page arrives in a later release.
      </Text>
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={ROUTES.home}>Back to Home</RouterLink>
      </Link>
    </Container>
  );
}

/** /payment-success reads `status` (default success); /payment-cancel always shows canceled. */
export function PaymentResultPlaceholder({ canceled = false }: { canceled?: boolean }) {
  const [params] = useSearchParams();
  const status = canceled ? 'canceled' : (params.get('status') ?? 'success');
  return (
    <PlaceholderPage title={status === 'canceled' ? 'Payment Canceled' : 'Payment Successful'} />
  );
}
