import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { MenuIcon } from '../../../components/icons';
import { LoadingBlock } from '../../../components/loading-block';
import { SideDrawer } from '../../../components/side-drawer';
import type { CorporatePassenger } from '../../../../contract/corporate';
import { useCorporateGuard } from '../hooks/use-corporate-guard';
import { useSmallScreen } from '../../../lib/use-small-screen';
import { CORPORATE_LABELS } from '../lib/format';
import type { CorporateSession } from '../lib/session';
import { CorporateNav } from './corporate-nav';

/** What a protected screen gets once the guard lets it show. */
export type CorporateContext = {
  session: CorporateSession;
  /** False when the server could not be asked: the screen shows this device's copy. */
  verified: boolean;
  setPassenger: (passenger: CorporatePassenger) => void;
  /** For a token the server refuses later: clear everything and go to /login?redirect=. */
  signOutToLogin: () => Promise<void>;
};

/**
 * At 768px or less the sidebar is a drawer behind a top bar titled 'Corporate Account'. It
 * starts closed, and any change of the window's width closes it (spec section 4: reset on
 * resize); a height change alone (a phone's address bar sliding away) does not.
 */
function MobileBar() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let width = window.innerWidth;
    const onResize = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      setOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return (
    <Flex
      alignItems="center"
      justifyContent="space-between"
      gap={3}
      px={4}
      py={2}
      bg="white"
      borderBottomWidth="1px"
      borderColor="gray.200"
    >
      <Text fontWeight="bold" fontSize="lg" color="gray.900">
        {CORPORATE_LABELS.corporateAccount}
      </Text>
      <Button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="outline"
        px={0}
        minW="44px"
        onClick={() => setOpen(true)}
      >
        <MenuIcon size="1.5em" />
      </Button>
      <SideDrawer
        open={open}
        onClose={() => setOpen(false)}
        title={CORPORATE_LABELS.corporateAccount}
      >
        <CorporateNav onNavigate={() => setOpen(false)} />
      </SideDrawer>
    </Flex>
  );
}

/**
 * The corporate area's frame (spec section 2): the sidebar (a drawer on phones) and the
 * screen's one h1. The screen's content shows only once the guard has let it.
 */
export function CorporateShell({
  title,
  children,
}: {
  title: string;
  children: (context: CorporateContext) => ReactNode;
}) {
  const narrow = useSmallScreen();
  const { state, setPassenger, signOutToLogin } = useCorporateGuard();

  return (
    <Flex direction={narrow ? 'column' : 'row'} alignItems="stretch">
      {narrow ? (
        <MobileBar />
      ) : (
        // A panel that stays in view while the list scrolls; no height tied to the window, so
        // a framed app (lib/embedded.ts) still takes only its content's height.
        <Box
          w="56"
          flexShrink={0}
          alignSelf="flex-start"
          position="sticky"
          top={4}
          ms={6}
          mt={8}
          px={4}
          py={5}
          bg="white"
          borderWidth="1px"
          borderColor="gray.200"
          rounded="lg"
        >
          <CorporateNav />
        </Box>
      )}
      <Box flex="1" minW={0} px={{ base: 4, md: 6 }} py={{ base: 5, md: 8 }}>
        <Heading as="h1" size="2xl" mb={5} color="gray.900">
          {title}
        </Heading>
        {state.status === 'checking' ? (
          <LoadingBlock label="Checking your sign-in…" />
        ) : (
          children({
            session: state.session,
            verified: state.verified,
            setPassenger,
            signOutToLogin,
          })
        )}
      </Box>
    </Flex>
  );
}
