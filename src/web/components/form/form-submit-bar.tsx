import { Box, Button } from '@chakra-ui/react';

/**
 * A form's one submit button at its end, full width on phones. While the form is busy the
 * button is disabled and its text says so.
 */
export function FormSubmitBar({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Box display="flex" justifyContent={{ base: 'stretch', md: 'flex-end' }} mt={6}>
      <Button
        type="submit"
        size="lg"
        colorPalette="brand"
        minW="40"
        w={{ base: 'full', md: 'auto' }}
        disabled={busy}
      >
        {busy ? busyLabel : label}
      </Button>
    </Box>
  );
}
