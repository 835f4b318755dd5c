import { Heading } from '@chakra-ui/react';

export function NewBookingPage() {
  return (
    <Heading as="h1" size="2xl">
      New booking
    </Heading>
  );
}
