import { Box, Container, Flex, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../domain/company-info';
import { ON_DARK_FOCUS } from '../../components/focus';
import { PhoneIcon } from '../../components/icons';
import { ROUTES } from '../../config/routes';
import { telHref } from '../../lib/contact-links';
import { HEADER_HEIGHT, MOBILE_MEDIA } from './nav-links';

type SiteHeaderProps = {
  phone: string;
  /** The mobile menu toggle, when the navbar is shown on this route. */
  menuToggle?: ReactNode;
};

/** Company name and contact phone (spec section 2, header). */
export function SiteHeader({ phone, menuToggle }: SiteHeaderProps) {
  return (
    <Box as="header" bg="brand.solid" color="brand.contrast" css={ON_DARK_FOCUS}>
      <Container maxW="6xl">
        <Flex h={HEADER_HEIGHT} alignItems="center" justifyContent="space-between" gap={3}>
          <Link
            asChild
            color="inherit"
            fontWeight="bold"
            fontSize={{ base: 'lg', md: 'xl' }}
            whiteSpace="nowrap"
            textDecoration="none"
            _hover={{ textDecoration: 'underline' }}
          >
            <RouterLink to={ROUTES.home}>{PRODUCT_NAME}</RouterLink>
          </Link>
          <Flex alignItems="center" gap={{ base: 2, md: 4 }}>
            {phone ? (
              <Link
                href={telHref(phone)}
                color="inherit"
                fontWeight="medium"
                display="inline-flex"
                alignItems="center"
                gap={2}
                whiteSpace="nowrap"
                css={{ [MOBILE_MEDIA]: { fontSize: 'sm' } }}
              >
                <PhoneIcon />
                <span>{phone}</span>
              </Link>
            ) : null}
            {menuToggle}
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}
