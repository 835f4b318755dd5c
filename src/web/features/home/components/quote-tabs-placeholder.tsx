import { Box, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  initialQuoteTab,
  QUOTE_TAB_LABELS,
  visibleQuoteTabs,
  type QuoteTab,
} from '../../../../domain/quote-tabs';
import type { SettingsMap } from '../../../../domain/settings';
import { Tabs } from '../../../components/tabs';

/** Where the quote form goes: the tabs the settings allow, each with a note until it arrives. */
export function QuoteTabsPlaceholder({ settings }: { settings: SettingsMap }) {
  const tabs = visibleQuoteTabs(settings);
  const [chosen, setChosen] = useState<QuoteTab | undefined>();
  // The spec's initial tab is active until the visitor picks another one that is still allowed.
  const active = chosen && tabs.includes(chosen) ? chosen : initialQuoteTab(settings);
  return (
    <Box bg="white" rounded="xl" shadow="md" p={{ base: 4, md: 6 }} color="gray.800">
      {active ? (
        <Tabs
          label="Booking type"
          active={active}
          onChange={setChosen}
          items={tabs.map((tab) => ({
            key: tab,
            label: QUOTE_TAB_LABELS[tab],
            panel: <Text>Instant quotes arrive in the next release.</Text>,
          }))}
        />
      ) : (
        <>
          <Heading as="h2" size="md" mb={2}>
            Online quotes are unavailable
          </Heading>
          <Text>Please contact us for a quote.</Text>
        </>
      )}
    </Box>
  );
}
