import { Box, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { OPERATOR_MESSAGES } from '../../../../../domain/messages';
import type { OperatorRole } from '../../../../../domain/operator-roles';
import { AlertMessage } from '../../../../components/status-panels';
import { useOperator } from '../../components/operator-layout';

/**
 * A page only `roles` may use: anyone else (an address typed or kept from another role) sees
 * its heading and the server's own refusal, and nothing is asked of the server.
 */
export function ForRoles({
  roles,
  title,
  children,
}: {
  roles: readonly [OperatorRole, ...OperatorRole[]];
  title: string;
  children: ReactNode;
}) {
  const operator = useOperator();
  if (roles.includes(operator.role)) return children;
  return (
    <Box>
      <Heading as="h1" size="2xl" color="gray.900" mb={5}>
        {title}
      </Heading>
      <AlertMessage>{OPERATOR_MESSAGES.onlyRoles(roles)}</AlertMessage>
    </Box>
  );
}
