import { Box, chakra, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import type { RegistrationDataDraft } from '../state/booking-drafts';

/** The spec's personal-details table on the payment page: who the booking is for. */
export function PersonalDetailsTable({ data }: { data: RegistrationDataDraft }) {
  const headingId = useId();
  const rows: [string, string][] = [
    ['First Name', data.firstName],
    ['Surname', data.surname],
    ['Email', data.email],
    ['Mobile', data.number],
  ];
  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id={headingId} size="lg" mb={3} color="gray.900">
        Personal Details
      </Heading>
      <chakra.table width="100%" fontSize="sm" aria-labelledby={headingId}>
        <tbody>
          {rows.map(([label, value]) => (
            <chakra.tr key={label} borderBottomWidth="1px" borderColor="gray.200">
              <chakra.th
                scope="row"
                textAlign="left"
                py={2}
                pr={3}
                fontWeight="semibold"
                color="gray.700"
                width="40%"
              >
                {label}
              </chakra.th>
              <chakra.td py={2} color="gray.900" overflowWrap="anywhere">
                {value.trim() || '—'}
              </chakra.td>
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}
