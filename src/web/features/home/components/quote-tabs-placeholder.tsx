import { Box, Heading, Tabs, Text } from '@chakra-ui/react';
import { QUOTE_TAB_LABELS, visibleQuoteTabs } from '../../../../domain/quote-tabs';
import type { SettingsMap } from '../../../../domain/settings';

/** Where the quote form goes: the tabs the settings allow, each with a note until it arrives. */
export function QuoteTabsPlaceholder({ settings }: { settings: SettingsMap }) {
  const tabs = visibleQuoteTabs(settings);
  const [first] = tabs;
  return (
    <Box bg="white" rounded="xl" shadow="md" p={{ base: 4, md: 6 }} color="gray.800">
      {first ? (
        <Tabs.Root key={tabs.join()} defaultValue={first} variant="enclosed" fitted>
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} fontWeight="semibold">
                {QUOTE_TAB_LABELS[tab]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab} value={tab} pt={5}>
              <Text>Instant quotes arrive in the next release.</Text>
            </Tabs.Content>
          ))}
        </Tabs.Root>
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
