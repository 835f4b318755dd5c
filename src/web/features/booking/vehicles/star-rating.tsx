import { Box, HStack, Text } from '@chakra-ui/react';

const STARS = 5;

/** 5 stars, as many filled as the rating rounds to, and the rating with one decimal (spec section 9). */
export function StarRating({ rating }: { rating: number }) {
  const clamped = Math.min(STARS, Math.max(0, rating));
  const filled = Math.round(clamped);
  const text = clamped.toFixed(1);
  return (
    <HStack role="img" aria-label={`Rated ${text} out of ${STARS}`} gap={1}>
      <Box as="span" color="orange.500" letterSpacing="0.05em" fontSize="md" lineHeight="1">
        {'★'.repeat(filled)}
        <Box as="span" color="gray.300">
          {'★'.repeat(STARS - filled)}
        </Box>
      </Box>
      <Text as="span" fontSize="sm" fontWeight="semibold" color="gray.800">
        {text}
      </Text>
    </HStack>
  );
}
