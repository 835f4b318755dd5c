import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import focus from '../components/focus.module.css';

/** The prompt itself (update-prompt.tsx decides when it shows). */
export function UpdateCard({ applyUpdate }: { applyUpdate: () => void }) {
  const [reloading, setReloading] = useState(false);
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      insetX={4}
      bottom={4}
      mx="auto"
      maxW="md"
      zIndex="toast"
      bg="gray.900"
      color="white"
      rounded="lg"
      shadow="lg"
      px={4}
      py={3}
      className={focus.onDark}
    >
      <HStack justifyContent="space-between" gap={4}>
        <Text fontWeight="medium">A new version is available</Text>
        <Button
          type="button"
          size="sm"
          colorPalette="brand"
          variant="solid"
          bg="white"
          color="brand.fg"
          _hover={{ bg: 'brand.subtle' }}
          loading={reloading}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          Reload
        </Button>
      </HStack>
    </Box>
  );
}
