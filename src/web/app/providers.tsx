import { ChakraProvider } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { createPersistOptions } from '../lib/persister';
import { createQueryClient } from '../lib/query-client';
import { system } from './theme';

type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass their own client and storage; the app uses one client and localStorage. */
  queryClient?: QueryClient;
  storage?: Storage;
};

/** Chakra's design system and the query cache, restored from and saved to localStorage. */
export function AppProviders({ children, queryClient, storage }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [persistOptions] = useState(() => createPersistOptions(storage));
  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={persistOptions}
      // Mutations paused offline before a reload continue once the cache is back.
      onSuccess={() => void client.resumePausedMutations()}
    >
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </PersistQueryClientProvider>
  );
}
