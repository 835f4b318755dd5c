import { HStack, Spinner, Text } from '@chakra-ui/react';

/** An inline "loading" line for a section whose data is on its way. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <HStack role="status" gap={3} py={6} color="gray.700">
      <Spinner size="sm" color="brand.solid" />
      <Text>{label}</Text>
    </HStack>
  );
}
