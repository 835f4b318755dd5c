import { Box, Button, Flex, Link, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useOutletContext,
} from 'react-router-dom';
import type { Operator } from '../../../../contract/operator';
import { OPERATOR_ROLE_LABELS } from '../../../../domain/operator-roles';
import { LoadingBlock } from '../../../components/loading-block';
import { OPERATOR_ROUTES } from '../../../config/routes';
import { isSignedOut, useMe } from '../api/get-me';
import { useLogout } from '../api/logout';
import { operatorKeys } from '../api/operator-keys';
import { navFor } from '../lib/console-nav';
import { operatorLoginPath } from '../lib/redirect';
import { ErrorPanel } from '../../../components/status-panels';

/** The product's name in the console's header and titles. */
export const PRODUCT_NAME = 'RideBook UK';

/** What every console page gets from the layout: the signed-in operator. */
export function useOperator(): Operator {
  return useOutletContext<Operator>();
}

/** 'Admin' for the platform's admin, else the role and its company ('Manager, <company>'). */
function roleLine(operator: Operator): string {
  const role = OPERATOR_ROLE_LABELS[operator.role];
  if (operator.role === 'admin') return role;
  return operator.company_name ? `${role}, ${operator.company_name}` : role;
}

/** The site's blue focus ring would vanish on the blue header: white there. */
const HEADER_FOCUS = { outline: '3px solid white', outlineOffset: '2px' } as const;

function HeaderLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      asChild
      px={3}
      py={2}
      rounded="md"
      color="white"
      fontWeight="semibold"
      textDecoration="none"
      _hover={{ bg: 'brand.700', textDecoration: 'underline' }}
      _focusVisible={HEADER_FOCUS}
      css={{ '&[aria-current=page]': { bg: 'brand.800', textDecoration: 'underline' } }}
    >
      <NavLink to={to}>{children}</NavLink>
    </Link>
  );
}

/** The pages the operator's role may open (lib/console-nav.ts). */
function ConsoleNav({ operator }: { operator: Operator }) {
  return (
    <Flex as="nav" aria-label="Console" gap={1} flexWrap="wrap">
      {navFor(operator.role).map((item) => (
        <HeaderLink key={item.to} to={item.to}>
          {item.label}
        </HeaderLink>
      ))}
    </Flex>
  );
}

/**
 * The console's frame: its own header (not the passenger site's navbar) with the product, the
 * operator, the two sections and Sign out. Every page under it is for a signed-in operator:
 * a 401 from GET /operator/me sends the visitor to sign in and back here afterwards.
 */
export function OperatorLayout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const intended = `${location.pathname}${location.search}${location.hash}`;

  // A session that ends while a page is open (another tab signed out, it expired): any 401
  // from a console call makes the layout ask again, and its 401 leads to sign-in.
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type !== 'updated' || key[0] !== operatorKeys.all[0] || key[1] === 'me') return;
      if (isSignedOut(event.query.state.error)) {
        void queryClient.invalidateQueries({ queryKey: operatorKeys.me() });
      }
    });
  }, [queryClient]);

  if (me.isPending) {
    return (
      <Box p={8}>
        <LoadingBlock label="Checking your sign-in…" />
      </Box>
    );
  }
  if (me.isError) {
    if (isSignedOut(me.error)) return <Navigate to={operatorLoginPath(intended)} replace />;
    return (
      <Box p={8}>
        <ErrorPanel
          message="We could not check your sign-in. Please try again."
          retrying={me.isFetching}
          onRetry={() => void me.refetch()}
        />
      </Box>
    );
  }
  const operator = me.data;

  const signOut = async () => {
    await logout.mutateAsync().catch((error: unknown) => {
      console.error('Sign-out failed on the server; this browser forgets the session:', error);
    });
    await navigate(OPERATOR_ROUTES.login, { replace: true });
  };

  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="brand.600" color="white" px={{ base: 4, md: 6 }} py={3}>
        <Flex alignItems="center" gap={{ base: 3, md: 6 }} flexWrap="wrap">
          <Text fontWeight="bold" fontSize="lg">
            {PRODUCT_NAME} operator console
          </Text>
          <ConsoleNav operator={operator} />
          <Flex ms="auto" alignItems="center" gap={4}>
            <Box textAlign="end" lineHeight="short">
              <Text fontWeight="semibold">{operator.name}</Text>
              <Text fontSize="sm">{roleLine(operator)}</Text>
            </Box>
            <Button
              type="button"
              variant="outline"
              color="white"
              borderColor="white"
              _hover={{ bg: 'brand.700' }}
              _focusVisible={HEADER_FOCUS}
              loading={logout.isPending}
              onClick={() => void signOut()}
            >
              Sign out
            </Button>
          </Flex>
        </Flex>
      </Box>
      <Box as="main" px={{ base: 4, md: 6 }} py={{ base: 5, md: 8 }} maxW="96rem" mx="auto">
        <Outlet context={operator} />
      </Box>
    </Box>
  );
}
