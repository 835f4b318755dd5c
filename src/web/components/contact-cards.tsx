import { Box, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { COMPANY_POSTAL_ADDRESS } from '../../domain/company-info';
import { companyEmail, companyPhone, type SettingsMap } from '../../domain/settings';
import { mailtoHref, telHref } from '../lib/contact-links';
import { MailIcon, MapPinIcon, PhoneIcon } from './icons';

function ContactCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Box as="article" layerStyle="card" p={5} display="flex" gap={4} alignItems="flex-start">
      <Box
        color="brand.contrast"
        bg="brand.solid"
        rounded="full"
        p={2.5}
        display="inline-flex"
        flexShrink={0}
      >
        {icon}
      </Box>
      <Box minW={0}>
        <Heading as="h3" size="md" mb={1} color="gray.900">
          {title}
        </Heading>
        {children}
      </Box>
    </Box>
  );
}

/** Phone, email and the fixed postal address (spec section 2, contact cards). */
export function ContactCards({ settings }: { settings: SettingsMap }) {
  const phone = companyPhone(settings);
  const email = companyEmail(settings);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap={5}>
      {phone ? (
        <ContactCard icon={<PhoneIcon />} title="Phone">
          <Link href={telHref(phone)} color="brand.fg" fontWeight="medium">
            {phone}
          </Link>
        </ContactCard>
      ) : null}
      {email ? (
        <ContactCard icon={<MailIcon />} title="Email">
          <Link href={mailtoHref(email)} color="brand.fg" fontWeight="medium" wordBreak="break-all">
            {email}
          </Link>
        </ContactCard>
      ) : null}
      <ContactCard icon={<MapPinIcon />} title="Address">
        <Text as="address" fontStyle="normal" color="gray.700">
          {COMPANY_POSTAL_ADDRESS}
        </Text>
      </ContactCard>
    </SimpleGrid>
  );
}
