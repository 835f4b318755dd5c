import { Box, chakra, Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { BoardJob } from '../../../../contract/operator';
import { JOB_LEG_LABELS } from '../../../../domain/booking-jobs';
import { operatorJobPath } from '../../../config/routes';
import { formatUkMoment } from '../lib/format';
import { offerText } from '../lib/vehicle-text';
import { StatusTag, Tag } from './table-parts';
import { FlightNote } from './flight-note';

/**
 * The board on a phone (issue 33): a card per job with what a dispatcher scans for — the
 * pickup time, the passenger, from → to and the status — and the job's reference as the link
 * to its booking, instead of a table cut off at its third column.
 */
export function BoardCards({
  rows,
  fresh,
  showCompany,
}: {
  rows: readonly BoardJob[];
  fresh: ReadonlySet<string>;
  showCompany: boolean;
}) {
  return (
    <chakra.ul aria-label="Bookings, by pickup time" listStyleType="none" p={0} m={0}>
      {rows.map((row) => (
        <chakra.li
          key={row.job_ref}
          mb={3}
          p={3}
          borderWidth="1px"
          borderColor="gray.200"
          borderRadius="md"
          bg={fresh.has(row.booking_number) ? 'blue.50' : 'white'}
          data-testid="board-card"
        >
          <Flex justifyContent="space-between" alignItems="flex-start" gap={2} flexWrap="wrap">
            <div>
              <Text fontWeight="semibold" color="gray.900">
                {formatUkMoment(row.pickup_at)}
              </Text>
              <FlightNote flight={row.flight} />
            </div>
            <StatusTag status={row.status} />
          </Flex>
          <Text mt={1} color="gray.900">
            {row.passenger_name}
          </Text>
          <Text mt={1} color="gray.800" fontSize="sm" overflowWrap="anywhere">
            {row.pick_up_address} → {row.drop_off_address || 'As directed'}
          </Text>
          <Flex mt={2} gap={2} alignItems="center" flexWrap="wrap" fontSize="sm">
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={operatorJobPath(row.booking_number, row.leg)}>
                {row.job_ref}
              </RouterLink>
            </Link>
            <Text color="gray.700">
              {JOB_LEG_LABELS[row.leg]} ·{' '}
              {row.driver_name ?? (row.offer ? offerText(row.offer) : 'No driver')}
              {showCompany ? ` · ${row.company_name}` : ''}
            </Text>
            {fresh.has(row.booking_number) ? (
              <Box as="span">
                <Tag bg="blue.600" color="white">
                  New
                </Tag>
              </Box>
            ) : null}
          </Flex>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
