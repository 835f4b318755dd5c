import { NavLinkList, SideDrawer } from '../../components/side-drawer';
import type { NavLinkItem } from './nav-links';

type MobileSidebarProps = {
  open: boolean;
  onClose: () => void;
  links: readonly NavLinkItem[];
};

/** The navbar's links in a drawer: focus is trapped inside, Escape and the backdrop close it. */
export function MobileSidebar({ open, onClose, links }: MobileSidebarProps) {
  return (
    <SideDrawer open={open} onClose={onClose} title="Menu">
      <nav aria-label="Menu">
        <NavLinkList links={links} onNavigate={onClose} itemPy={3} />
      </nav>
    </SideDrawer>
  );
}
