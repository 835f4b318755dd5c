import { lazy, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { MenuIcon } from '../../components/icons';
import { PlainButton } from '../../components/plain-button';
import { ChakraScope } from '../../components/chakra/chakra-scope';
import styles from './frame.module.css';
import type { NavLinkItem } from './nav-links';

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
      <PlainButton
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        square
        className={styles.menuToggle}
        onClick={() => {
          setRequested(true);
          setOpenedAt(location.key);
        }}
      >
        <MenuIcon size="1.5em" />
      </PlainButton>
      {requested ? (
        <ChakraScope>
          <MobileSidebar open={open} onClose={() => setOpenedAt(null)} links={links} />
        </ChakraScope>
      ) : null}
    </>
  );
}
