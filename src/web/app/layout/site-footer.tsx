import { Box, Container, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { COMPANY_POSTAL_ADDRESS, PRODUCT_BLURB, PRODUCT_NAME } from '../../../domain/company-info';
import type { Company } from '../../../domain/fleet';
import { companyEmail, companyPhone, type SettingsMap } from '../../../domain/settings';
import { ON_DARK_FOCUS } from '../../components/focus';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { mailtoHref, telHref } from '../../lib/contact-links';

type SiteFooterProps = {
  settings: SettingsMap;
  companies: readonly Company[];
  /** Fixed for tests; defaults to now. */
  year?: number;
};

function FooterHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" size="sm" mb={3} color="white" textTransform="uppercase" letterSpacing="wide">
      {children}
    </Heading>
  );
}

/** Blurb, operator names, contact details, fixed address and copyright (spec section 2, footer). */
export function SiteFooter({
  settings,
  companies,
  year = new Date().getFullYear(),
}: SiteFooterProps) {
  const phone = companyPhone(settings);
  const email = companyEmail(settings);
  const linkStyle = { color: 'gray.100', textDecoration: 'underline' } as const;
  return (
    <Box as="footer" bg="gray.900" color="gray.200" mt="auto" css={ON_DARK_FOCUS}>
      <Container maxW="6xl" py={10}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={8}>
          <Box>
            <FooterHeading>{PRODUCT_NAME}</FooterHeading>
            <Text>{PRODUCT_BLURB}</Text>
          </Box>
          <Box>
            <FooterHeading>Operators</FooterHeading>
            {companies.length > 0 ? (
              <Box as="ul" listStyleType="none" display="grid" gap={1}>
                {companies.map((company) => (
                  <li key={company.id}>{company.company.company_name}</li>
                ))}
              </Box>
            ) : (
              <Text>Licensed UK operators</Text>
            )}
          </Box>
          <Box>
            <FooterHeading>Contact</FooterHeading>
            <Box as="ul" listStyleType="none" display="grid" gap={2}>
              {phone ? (
                <Box as="li" display="flex" gap={2} alignItems="center">
                  <PhoneIcon />
                  <Link href={telHref(phone)} {...linkStyle}>
                    {phone}
                  </Link>
                </Box>
              ) : null}
              {email ? (
                <Box as="li" display="flex" gap={2} alignItems="center">
                  <MailIcon />
                  <Link href={mailtoHref(email)} {...linkStyle} wordBreak="break-all">
                    {email}
                  </Link>
                </Box>
              ) : null}
              <Box as="li" display="flex" gap={2} alignItems="flex-start">
                <MapPinIcon />
                <Text as="address" fontStyle="normal">
                  {COMPANY_POSTAL_ADDRESS}
                </Text>
              </Box>
            </Box>
          </Box>
        </SimpleGrid>
        <Text
          borderTopWidth="1px"
          borderColor="gray.700"
          mt={8}
          pt={6}
          fontSize="sm"
          color="gray.300"
        >
          © {year} {PRODUCT_NAME}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
