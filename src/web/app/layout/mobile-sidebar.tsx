import { Box, Button, Drawer, Link, Portal } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { CloseIcon } from '../../components/icons';
import type { NavLinkItem } from './nav-links';

type MobileSidebarProps = {
  open: boolean;
  onClose: () => void;
  links: readonly NavLinkItem[];
};

/** The navbar's links in a drawer: focus is trapped inside, Escape and the backdrop close it. */
export function MobileSidebar({ open, onClose, links }: MobileSidebarProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="start"
      size="xs"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header display="flex" alignItems="center" justifyContent="space-between">
              <Drawer.Title>Menu</Drawer.Title>
              <Drawer.CloseTrigger asChild position="static">
                <Button type="button" variant="ghost" size="sm" aria-label="Close menu">
                  <CloseIcon />
                  Close
                </Button>
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <Drawer.Body>
              <nav aria-label="Menu">
                <Box as="ul" listStyleType="none" display="grid" gap={1}>
                  {links.map((link) => (
                    <li key={link.to}>
                      <Link
                        asChild
                        display="block"
                        px={3}
                        py={3}
                        rounded="md"
                        color="gray.800"
                        fontWeight="medium"
                        textDecoration="none"
                        _hover={{ bg: 'brand.subtle' }}
                        _currentPage={{ bg: 'brand.muted', color: 'brand.fg' }}
                      >
                        <NavLink to={link.to} end onClick={onClose}>
                          {link.label}
                        </NavLink>
                      </Link>
                    </li>
                  ))}
                </Box>
              </nav>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
