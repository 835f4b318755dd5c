import { Link } from '@chakra-ui/react';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump past the header and navbar; visible only when focused. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      position="absolute"
      left={2}
      top={2}
      zIndex="skipNav"
      bg="white"
      color="brand.fg"
      px={4}
      py={2}
      rounded="md"
      fontWeight="semibold"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)' }}
    >
      Skip to main content
    </Link>
  );
}
