import { Box, Button, Flex, Heading, SimpleGrid, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { PreviewEntry, PriceChanges } from '../../../../../contract/operator-prices';
import { BREAKDOWN_LABELS, type BreakdownPart } from '../../../../../domain/pricing-model';
import { formatPounds } from '../../../../../domain/money';
import { CLOCK_HOURS, hourLabel, MINUTE_OPTIONS } from '../../../../../domain/time';
import { Options, TextField } from '../../../../components/form/fields';
import { SelectControlField } from '../../components/select-control';
import { AlertMessage } from '../../../../components/status-panels';
import { usePricePreview } from '../api/prices-api';
import { issuesByPath } from './price-drafts';

const HOURS = CLOCK_HOURS.map((hour) => ({ value: hour, label: hourLabel(hour) }));
const MINUTES = MINUTE_OPTIONS.map((minute) => ({ value: minute, label: minute }));

const EMPTY_JOURNEY = {
  pickup: '',
  dropoff: '',
  pickup_date: '',
  pickup_hour: '10am',
  pickup_min: '00',
  passengers: '1',
};
type Journey = typeof EMPTY_JOURNEY;

/** The public form's fields for one way: where from and to, when, how many. */
function JourneyFields({
  journey,
  set,
  errorFor,
}: {
  journey: Journey;
  set: (key: keyof Journey) => (value: string) => void;
  errorFor: (path: string) => string | undefined;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
      <TextField
        id="try-pickup"
        label="Pickup"
        value={journey.pickup}
        onValueChange={set('pickup')}
        error={errorFor('journey.pickup')}
      />
      <TextField
        id="try-dropoff"
        label="Drop-off"
        value={journey.dropoff}
        onValueChange={set('dropoff')}
        error={errorFor('journey.dropoff')}
      />
      <TextField
        id="try-date"
        label="Pickup date"
        type="date"
        value={journey.pickup_date}
        onValueChange={set('pickup_date')}
        error={errorFor('journey.pickup_date')}
      />
      <SelectControlField
        id="try-hour"
        label="Pickup hour"
        value={journey.pickup_hour}
        onValueChange={set('pickup_hour')}
        error={errorFor('journey.pickup_hour')}
      >
        <Options options={HOURS} />
      </SelectControlField>
      <SelectControlField
        id="try-minute"
        label="Pickup minute"
        value={journey.pickup_min}
        onValueChange={set('pickup_min')}
        error={errorFor('journey.pickup_min')}
      >
        <Options options={MINUTES} />
      </SelectControlField>
      <TextField
        id="try-passengers"
        label="Passengers"
        inputMode="numeric"
        value={journey.passengers}
        onValueChange={set('passengers')}
        error={errorFor('journey.passengers')}
      />
    </SimpleGrid>
  );
}

/** Try a quote: a journey priced side by side with today's prices and the unsaved changes. */
export function TryQuote({
  companyId,
  changes,
}: {
  companyId: number;
  changes: () => PriceChanges | null;
}) {
  const preview = usePricePreview();
  const [journey, setJourney] = useState(EMPTY_JOURNEY);
  const set = (key: keyof Journey) => (value: string) => setJourney({ ...journey, [key]: value });
  const errorFor = issuesByPath(preview.error);
  const run = () => {
    const unsaved = changes();
    preview.mutate({
      company_id: companyId,
      journey: { ...journey, select_option: 'one_way' },
      ...(unsaved ? { changes: unsaved } : {}),
    });
  };
  return (
    <Box>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <JourneyFields journey={journey} set={set} errorFor={errorFor} />
        <Button type="submit" colorPalette="brand" mt={4} loading={preview.isPending}>
          Try a quote
        </Button>
      </form>
      {preview.isError ? (
        <Box mt={3}>
          <AlertMessage>{preview.error.message}</AlertMessage>
        </Box>
      ) : null}
      {preview.data ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4} mt={4} data-testid="price-preview">
          <PreviewColumn title="Today's price" entries={preview.data.current} />
          <PreviewColumn title="With your changes" entries={preview.data.proposed} />
        </SimpleGrid>
      ) : null}
    </Box>
  );
}

function PreviewColumn({ title, entries }: { title: string; entries: PreviewEntry[] }) {
  return (
    <Box as="section" aria-label={title} layerStyle="card" bg="white" p={4}>
      <Heading as="h3" size="md" mb={3}>
        {title}
      </Heading>
      {entries.length === 0 ? <Text>This company offers no vehicle for this journey.</Text> : null}
      {entries.map((entry) => (
        <Box key={entry.category_id} mb={4}>
          <Flex justifyContent="space-between" fontWeight="bold">
            <Text>{entry.category_name}</Text>
            <Text>{formatPounds(entry.final_price)}</Text>
          </Flex>
          <chakra.dl fontSize="sm" display="grid" gridTemplateColumns="1fr auto" columnGap={3}>
            {Object.entries(entry.breakdown)
              .filter(([part]) => part !== 'final_price')
              .map(([part, pounds]) => (
                <Flex key={part} display="contents">
                  <dt>{BREAKDOWN_LABELS[part as BreakdownPart] ?? part}</dt>
                  <dd>{formatPounds(pounds)}</dd>
                </Flex>
              ))}
          </chakra.dl>
          <chakra.ul fontSize="sm" color="gray.800" mt={2} pl={5} listStyleType="disc">
            {entry.explanation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </chakra.ul>
        </Box>
      ))}
    </Box>
  );
}
