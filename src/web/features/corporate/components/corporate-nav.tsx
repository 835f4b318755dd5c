import { Button, chakra, Flex, Link } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../domain/company-info';
import { NavLinkList } from '../../../components/side-drawer';
import { ROUTES } from '../../../config/routes';
import { useLogout } from '../api/logout';

/** The sidebar's links (spec section 2, Corporate area). */
const LINKS = [
  { to: ROUTES.bookNow, label: 'Book Now' },
  { to: ROUTES.bookings, label: 'Bookings' },
  { to: ROUTES.myAccount, label: 'My Account' },
] as const;

/**
 * The sidebar's content, on a wide screen beside the page and on a phone inside the drawer:
 * the logo (home), the area's links and Logout. `onNavigate` closes the drawer.
 */
export function CorporateNav({ onNavigate }: { onNavigate?: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const signOut = async () => {
    setLeaving(true);
    try {
      // No stored token: nothing happens (spec section 8).
      if (await logout()) {
        onNavigate?.();
        await navigate(ROUTES.home);
      }
    } finally {
      setLeaving(false);
    }
  };

  return (
    <Flex direction="column" gap={6}>
      <Link
        asChild
        display="inline-flex"
        alignItems="center"
        gap={2}
        color="gray.900"
        fontWeight="bold"
        fontSize="lg"
        textDecoration="none"
        _hover={{ textDecoration: 'underline' }}
      >
        <RouterLink to={ROUTES.home} onClick={onNavigate}>
          <chakra.img src="/favicon.svg" alt="" width="8" height="8" />
          {PRODUCT_NAME}
        </RouterLink>
      </Link>
      <nav aria-label="Corporate account">
        <NavLinkList links={LINKS} onNavigate={onNavigate} itemPy={2.5} />
      </nav>
      <Button
        type="button"
        variant="outline"
        colorPalette="brand"
        justifyContent="flex-start"
        loading={leaving}
        onClick={() => void signOut()}
      >
        Logout
      </Button>
    </Flex>
  );
}
