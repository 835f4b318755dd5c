import { Box, Container, Heading, Text } from '@chakra-ui/react';
import { companyEmail, companyPhone } from '../../../../domain/settings';
import { useSettings } from '../../../api/get-settings';
import { PRIVACY_POLICY, TERMS_AND_CONDITIONS, type LegalDocument } from '../content/legal-texts';

/** The company's contact details in place of {phone} and {email}. */
function fill(text: string, contact: { phone: string; email: string }): string {
  return text.replaceAll('{phone}', contact.phone).replaceAll('{email}', contact.email);
}

function LegalPage({ document }: { document: LegalDocument }) {
  const { settings } = useSettings();
  const contact = {
    phone: companyPhone(settings) || 'our booking line',
    email: companyEmail(settings) || 'our email address',
  };
  return (
    <Container maxW="3xl" py={{ base: 8, md: 12 }}>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        {document.title}
      </Heading>
      <Text color="gray.700" fontSize="sm" mb={6}>
        Last updated {document.updated}
      </Text>
      <Text color="gray.800" mb={6}>
        {fill(document.intro, contact)}
      </Text>
      {document.sections.map((section) => (
        <Box as="section" key={section.heading} mb={6}>
          <Heading as="h2" size="lg" mb={2} color="gray.900">
            {section.heading}
          </Heading>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} color="gray.800" mb={3}>
              {fill(paragraph, contact)}
            </Text>
          ))}
        </Box>
      ))}
    </Container>
  );
}

/** /privacy-policy: the text new clients accept on Personal Details. */
export function PrivacyPolicyPage() {
  return <LegalPage document={PRIVACY_POLICY} />;
}

/** /terms-and-conditions: the text new clients accept on Personal Details. */
export function TermsPage() {
  return <LegalPage document={TERMS_AND_CONDITIONS} />;
}
