import { Box, Button, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One part of the Prices page, a card with its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" layerStyle="card" bg="white" p={{ base: 4, md: 5 }} mb={5}>
      <Heading as="h2" size="lg" mb={3}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** A part's Save button. */
export function SaveButton({
  saving,
  onClick,
  children,
}: {
  saving: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button type="button" colorPalette="brand" mt={4} loading={saving} onClick={onClick}>
      {children}
    </Button>
  );
}
