import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme';

/** Chakra's provider with this app's system; loaded through ChakraScope (chakra-scope.tsx). */
export default function ChakraTheme({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
