import { Box, Container, Heading } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

type SectionProps = {
  title: string;
  children: ReactNode;
  /** Optional line under the heading. */
  intro?: ReactNode;
};

/** A page section with an h2 that names it for assistive technology (aria-labelledby). */
export function Section({ title, intro, children }: SectionProps) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} py={{ base: 8, md: 12 }}>
      <Container maxW="6xl">
        <Heading as="h2" id={headingId} size="2xl" mb={intro ? 2 : 6} color="gray.900">
          {title}
        </Heading>
        {intro ? (
          <Box mb={6} color="gray.700">
            {intro}
          </Box>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
