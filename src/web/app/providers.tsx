import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { createPersistOptions } from '../lib/persister';
import { createQueryClient } from '../lib/query-client';

type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass their own client and storage; the app uses one client and localStorage. */
  queryClient?: QueryClient;
  storage?: Storage;
};

/**
 * The query cache, restored from and saved to localStorage. Chakra is provided where it is
 * used, by ChakraScope (chakra-scope.tsx), not here: the home page uses none.
 */
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
      {children}
    </PersistQueryClientProvider>
  );
}
