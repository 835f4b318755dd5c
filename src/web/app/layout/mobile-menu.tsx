import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { MenuIcon } from '../../components/icons';
import { DESKTOP_MEDIA, type NavLinkItem } from './nav-links';

// The drawer's code loads on the first tap, keeping it out of the first page load.
const MobileSidebar = lazy(() =>
  import('./mobile-sidebar').then((module) => ({ default: module.MobileSidebar })),
);

/** The header's menu toggle at 768px and below, with the sidebar drawer it opens. */
export function MobileMenu({ links }: { links: readonly NavLinkItem[] }) {
  const location = useLocation();
  // Open only on the page where it was opened: any navigation (a link, Back) closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const [requested, setRequested] = useState(false);
  const open = openedAt !== null && openedAt === location.key;

  return (
    <>
      <Button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="outline"
        size="md"
        px={0}
        minW="44px"
        color="inherit"
        borderColor="whiteAlpha.700"
        _hover={{ bg: 'whiteAlpha.200' }}
        css={{ [DESKTOP_MEDIA]: { display: 'none' } }}
        onClick={() => {
          setRequested(true);
          setOpenedAt(location.key);
        }}
      >
        <MenuIcon size="1.5em" />
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileSidebar open={open} onClose={() => setOpenedAt(null)} links={links} />
        </Suspense>
      ) : null}
    </>
  );
}
