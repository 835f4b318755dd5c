import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useRequests } from '../api/get-requests';
import { useOperator } from '../../components/operator-layout';
import { requestOfBookingPath } from '../lib/request-prefill';

/**
 * On a booking's page, the Quote Now request it was made from (Book this), linked; nothing
 * for a dispatcher, who has no Requests page, or for a booking made otherwise.
 */
export function MadeFromRequest({ bookingNumber }: { bookingNumber: string }) {
  const operator = useOperator();
  const mayRead = operator.role !== 'dispatcher';
  const found = useRequests({ booking_number: bookingNumber }, { enabled: mayRead });
  const request = mayRead ? found.data?.data[0] : undefined;
  if (!request) return null;
  return (
    <Text mb={4} color="gray.800">
      Made from{' '}
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={requestOfBookingPath(bookingNumber)}>
          Quote Now request {request.id} by {request.name || request.email}
        </RouterLink>
      </Link>
    </Text>
  );
}
