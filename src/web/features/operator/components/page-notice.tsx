import { Box, Text } from '@chakra-ui/react';

/**
 * What a console page just did ("Sam Patel is deactivated."), announced politely. The region
 * is always there, empty or not, so a screen reader hears each new notice.
 */
export function PageNotice({ notice }: { notice: string }) {
  return (
    <Box role="status" aria-live="polite" mb={notice ? 3 : 0}>
      {notice ? <Text color="green.800">{notice}</Text> : null}
    </Box>
  );
}

/** The notice after a record is deactivated or made active again. */
export function activeNotice(name: string, active: boolean): string {
  return `${name} is ${active ? 'active again' : 'deactivated'}.`;
}
