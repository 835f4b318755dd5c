import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import type { SettingEntry } from '../../../../contract/operator-settings';
import { LoadingBlock } from '../../../components/loading-block';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../components/console-title';
import { AlertMessage, ErrorPanel } from '../../../components/status-panels';
import { SettingField } from './setting-field';
import { useOperatorSettings } from './settings-api';
import { groupsOf } from './settings-draft';
import { useSettingsForm } from './use-settings-form';

/** /operator/settings (admin): every setting, grouped, saved together. */
export function SettingsPage() {
  useDocumentTitle(`Settings — ${CONSOLE_TITLE}`);
  const settings = useOperatorSettings();
  return (
    <Box>
      <Heading as="h1" size="2xl" color="gray.900" mb={2}>
        Settings
      </Heading>
      <Text color="gray.700" mb={5} maxW="48rem">
        What the public site and the booking rules read. A saved change reaches the site within a
        few seconds; nothing is saved while any value is refused.
      </Text>
      {settings.isPending ? <LoadingBlock label="Loading the settings…" /> : null}
      {settings.isError ? (
        <ErrorPanel
          message={settings.error.message}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {settings.data ? <SettingsForm saved={settings.data} /> : null}
    </Box>
  );
}

function SettingsForm({ saved }: { saved: SettingEntry[] }) {
  const { draft, errors, notice, failure, summary, changeCount, saving, submit, setValue } =
    useSettingsForm(saved);
  return (
    <form
      noValidate
      aria-label="Settings"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Box ref={summary} tabIndex={-1} mb={failure ? 4 : 0} _focus={{ outline: 'none' }}>
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      </Box>
      <Flex direction="column" gap={6}>
        {groupsOf(saved).map(({ group, settings }) => (
          <Box
            as="fieldset"
            key={group}
            borderWidth="1px"
            borderColor="gray.200"
            bg="white"
            rounded="md"
            px={{ base: 4, md: 6 }}
            py={4}
          >
            <Text as="legend" fontWeight="bold" fontSize="lg" px={2} color="gray.900">
              {group}
            </Text>
            {settings.map((entry) => (
              <SettingField
                key={entry.name}
                entry={entry}
                value={draft[entry.name] ?? entry.value}
                error={errors[entry.name]}
                onChange={(value) => setValue(entry.name, value)}
              />
            ))}
          </Box>
        ))}
      </Flex>
      <SaveBar changeCount={changeCount} saving={saving} notice={notice} />
    </form>
  );
}

/** Save, always in reach at the foot of the screen, with what is waiting to be saved. */
function SaveBar(props: { changeCount: number; saving: boolean; notice: string }) {
  const { changeCount, saving, notice } = props;
  return (
    <Flex
      position="sticky"
      bottom={0}
      bg="gray.50"
      borderTopWidth="1px"
      borderColor="gray.200"
      py={3}
      mt={6}
      gap={4}
      alignItems="center"
      flexWrap="wrap"
    >
      <Button type="submit" colorPalette="brand" loading={saving}>
        Save settings
      </Button>
      <Text color="gray.800">
        {changeCount === 0
          ? 'No unsaved changes.'
          : `${changeCount === 1 ? '1 change' : `${changeCount} changes`} not saved yet.`}
      </Text>
      <Box role="status" aria-live="polite">
        {notice ? <Text color="green.800">{notice}</Text> : null}
      </Box>
    </Flex>
  );
}
