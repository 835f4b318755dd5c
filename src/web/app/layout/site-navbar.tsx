import { Box, Container, Flex, Link } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { MOBILE_MEDIA, NAVBAR_HEIGHT, type NavLinkItem } from './nav-links';

/** The desktop link row; at 768px and below the header's menu toggle takes its place. */
export function SiteNavbar({ links }: { links: readonly NavLinkItem[] }) {
  return (
    <Box
      as="nav"
      aria-label="Main"
      bg="white"
      borderBottomWidth="1px"
      borderColor="gray.200"
      css={{ [MOBILE_MEDIA]: { display: 'none' } }}
    >
      <Container maxW="6xl">
        <Flex as="ul" listStyleType="none" h={NAVBAR_HEIGHT} alignItems="stretch" gap={1}>
          {links.map((link) => (
            <Box as="li" key={link.to} display="flex">
              <Link
                asChild
                display="flex"
                alignItems="center"
                px={3}
                color="gray.800"
                fontWeight="medium"
                textDecoration="none"
                borderBottomWidth="3px"
                borderColor="transparent"
                _hover={{ color: 'brand.fg', borderColor: 'brand.emphasized' }}
                _currentPage={{ color: 'brand.fg', borderColor: 'brand.solid' }}
              >
                <NavLink to={link.to} end>
                  {link.label}
                </NavLink>
              </Link>
            </Box>
          ))}
        </Flex>
      </Container>
    </Box>
  );
}
