import { Box, Button, Container, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CORPORATE_MESSAGES } from '../../../../domain/messages';
import { TextField } from '../../../components/form/fields';
import { ROUTES } from '../../../config/routes';
import { useCorporateSignIn } from '../hooks/use-corporate-sign-in';
import { NoticeDialog } from './notice-dialog';

/**
 * /login (spec section 2): Sign In to the corporate account. On success the session is stored
 * and, once the 'Login Successfully' alert closes, the passenger goes where the guard sent them
 * from (`?redirect=`, same site only) or to the bookings list. A failure keeps what was typed.
 */
export function LoginPage() {
  const headingId = useId();
  const { field, submit, signingIn, signedIn, notice, closeNotice } = useCorporateSignIn();

  return (
    <Container maxW="md" py={{ base: 8, md: 14 }}>
      <Box layerStyle="card" p={{ base: 5, md: 8 }} bg="white">
        <Heading as="h1" id={headingId} size="3xl" color="gray.900">
          {CORPORATE_MESSAGES.signIn}
        </Heading>
        <Text color="gray.700" mt={1} mb={6}>
          {CORPORATE_MESSAGES.toCorporateAccount}
        </Text>
        <form noValidate aria-labelledby={headingId} onSubmit={submit}>
          <Flex direction="column" gap={4}>
            <TextField
              id="corporate-username"
              label="Username"
              {...field('email')}
              name="username"
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              maxLength={254}
            />
            <TextField
              id="corporate-password"
              label="Password"
              {...field('password')}
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
            />
            <Link asChild color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
              <RouterLink to={ROUTES.forgotPassword}>Forgot Password?</RouterLink>
            </Link>
          </Flex>
          <Button
            type="submit"
            colorPalette="brand"
            mt={6}
            w="full"
            loading={signingIn}
            disabled={signedIn}
          >
            {CORPORATE_MESSAGES.signIn}
          </Button>
        </form>
      </Box>
      <NoticeDialog notice={notice} onClose={closeNotice} />
    </Container>
  );
}
