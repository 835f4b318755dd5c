import {
  Box,
  Container,
  Heading,
  Link,
  Text,
  type ButtonProps,
  type ContainerProps,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * What differs in look between the apps' account pages (sign-in, set-password): the space
 * around the card and the size of its button. The driver app's is roomier for a thumb.
 */
export interface AccountPageLook {
  frame: Pick<ContainerProps, 'py' | 'px'>;
  button: Pick<ButtonProps, 'size'>;
}

/** The narrow card the sign-in and set-password pages sit in, outside any app layout. */
export function AccountCard({ look, children }: { look: AccountPageLook; children: ReactNode }) {
  return (
    <Box as="main" minH="100vh" bg="gray.50">
      <Container maxW="md" {...look.frame}>
        <Box layerStyle="card" p={{ base: 5, md: 8 }} bg="white">
          {children}
        </Box>
      </Container>
    </Box>
  );
}

/** The card's h1, with a line under it when there is one; `mb` is the space after both. */
export function AccountHeading({
  id,
  subline,
  mb = 6,
  children,
}: {
  id?: string;
  subline?: ReactNode;
  mb?: number;
  children: ReactNode;
}) {
  return (
    <>
      <Heading as="h1" id={id} size="2xl" color="gray.900" mb={subline ? undefined : mb}>
        {children}
      </Heading>
      {subline ? (
        <Text color="gray.700" mt={1} mb={mb}>
          {subline}
        </Text>
      ) : null}
    </>
  );
}

/** Go to sign in, the way out of a dead invitation link. */
export function SignInLink({ to }: { to: string }) {
  return (
    <Link asChild color="brand.700" textDecoration="underline" fontWeight="semibold">
      <RouterLink to={to}>Go to sign in</RouterLink>
    </Link>
  );
}
