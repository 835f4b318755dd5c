import { Box, Button, Drawer, Link, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseIcon } from './icons';

/**
 * A phone's menu as a drawer from the start edge: focus is trapped inside, and Escape, the
 * backdrop and 'Close' close it.
 */
export function SideDrawer({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
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
              <Drawer.Title>{title}</Drawer.Title>
              <Drawer.CloseTrigger asChild position="static">
                <Button type="button" variant="ghost" size="sm" aria-label="Close menu">
                  <CloseIcon />
                  Close
                </Button>
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/**
 * A menu's links as a list, the current page's marked. `itemPy` is each link's vertical
 * padding; `onNavigate` runs on a click (a drawer closes).
 */
export function NavLinkList({
  links,
  onNavigate,
  itemPy,
}: {
  links: readonly { to: string; label: string }[];
  onNavigate?: (() => void) | undefined;
  itemPy: number;
}) {
  return (
    <Box as="ul" listStyleType="none" display="grid" gap={1}>
      {links.map((link) => (
        <li key={link.to}>
          <Link
            asChild
            display="block"
            px={3}
            py={itemPy}
            rounded="md"
            color="gray.800"
            fontWeight="medium"
            textDecoration="none"
            _hover={{ bg: 'brand.subtle' }}
            _currentPage={{ bg: 'brand.muted', color: 'brand.fg' }}
          >
            <NavLink to={link.to} end onClick={onNavigate}>
              {link.label}
            </NavLink>
          </Link>
        </li>
      ))}
    </Box>
  );
}
