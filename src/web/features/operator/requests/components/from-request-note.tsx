import { Box, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ConsoleRequest } from '../../../../../contract/operator-requests';
import { OPERATOR_ROUTES } from '../../../../config/routes';
import { formatDay } from '../../lib/format';

/**
 * Above New booking opened by Book this: the Quote Now request as the visitor sent it, so the
 * operator can check the form against it (a time between the form's 5-minute steps, say).
 */
export function FromRequestNote({ request }: { request: ConsoleRequest }) {
  const quote = request.quote;
  return (
    <Box borderWidth="1px" borderColor="blue.200" bg="blue.50" rounded="md" p={4} mb={5}>
      <Text fontWeight="semibold" color="gray.900">
        From Quote Now request {request.id} by {request.name || request.email}
      </Text>
      {quote ? (
        <Text color="gray.900">
          {quote.pickup_address} to {quote.dropoff_address}, {formatDay(quote.pickup_date)} at{' '}
          {quote.pickup_time}, {quote.passengers} passengers, {quote.luggages} luggage. The booking
          is linked to the request when you create it.
        </Text>
      ) : (
        <Text color="gray.900">This is not a Quote Now request: it cannot be booked.</Text>
      )}
      {request.booked_as ? (
        <Text color="gray.900">It has been booked already, as {request.booked_as}.</Text>
      ) : null}
      <Link asChild color="brand.fg" fontSize="sm">
        <RouterLink to={OPERATOR_ROUTES.requests}>Back to requests</RouterLink>
      </Link>
    </Box>
  );
}
