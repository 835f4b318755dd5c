import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { TextField } from '../../../../components/form/fields';
import { HOURLY_HOURS } from '../../../../../contract/operator-prices';
import type { CardDraft } from './price-drafts';

/** A rate card's fields: base fare, per-mile bands, minimum fare and the 4–24 hour prices. */
export function RateCardEditor({
  draft,
  onChange,
  errorFor,
}: {
  draft: CardDraft;
  onChange: (draft: CardDraft) => void;
  errorFor: (path: string) => string | undefined;
}) {
  return (
    <Flex direction="column" gap={4}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <TextField
          id="card-base-fare"
          label="Base fare (£)"
          inputMode="decimal"
          value={draft.base_fare}
          onValueChange={(base_fare) => onChange({ ...draft, base_fare })}
          error={errorFor('base_fare')}
        />
        <TextField
          id="card-minimum-fare"
          label="Minimum fare (£)"
          inputMode="decimal"
          value={draft.minimum_fare}
          onValueChange={(minimum_fare) => onChange({ ...draft, minimum_fare })}
          error={errorFor('minimum_fare')}
        />
      </SimpleGrid>
      <MileBands draft={draft} onChange={onChange} errorFor={errorFor} />
      <HourlyPrices draft={draft} onChange={onChange} errorFor={errorFor} />
    </Flex>
  );
}

/** The per-mile bands, each with its end and rate; add and remove. */
function MileBands({
  draft,
  onChange,
  errorFor,
}: {
  draft: CardDraft;
  onChange: (draft: CardDraft) => void;
  errorFor: (path: string) => string | undefined;
}) {
  const setBand = (i: number, key: 'up_to_miles' | 'per_mile', value: string) =>
    onChange({
      ...draft,
      mile_bands: draft.mile_bands.map((band, j) => (j === i ? { ...band, [key]: value } : band)),
    });
  const bands = draft.mile_bands;
  return (
    <Box>
      <Heading as="h3" size="sm" mb={2}>
        Per-mile bands
      </Heading>
      <Text fontSize="sm" color="gray.700" mb={2}>
        Each band charges the miles after the band before it, up to its own end. Leave the last
        band's end empty: it covers every mile beyond.
      </Text>
      {bands.map((band, i) => (
        <Flex key={i} gap={3} alignItems="flex-end" flexWrap="wrap">
          <TextField
            id={`band-${i}-to`}
            label={`Band ${i + 1} up to miles`}
            inputMode="decimal"
            value={band.up_to_miles}
            onValueChange={(value) => setBand(i, 'up_to_miles', value)}
            error={errorFor(`mile_bands.${i}.up_to_miles`)}
          />
          <TextField
            id={`band-${i}-rate`}
            label={`Band ${i + 1} per mile (£)`}
            inputMode="decimal"
            value={band.per_mile}
            onValueChange={(value) => setBand(i, 'per_mile', value)}
            error={errorFor(`mile_bands.${i}.per_mile`)}
          />
          {bands.length > 1 ? (
            <Button
              type="button"
              variant="outline"
              mb={2}
              onClick={() => onChange({ ...draft, mile_bands: bands.filter((_, j) => j !== i) })}
            >
              Remove band {i + 1}
            </Button>
          ) : null}
        </Flex>
      ))}
      <Button
        type="button"
        variant="outline"
        mt={2}
        onClick={() =>
          onChange({ ...draft, mile_bands: [...bands, { up_to_miles: '', per_mile: '' }] })
        }
      >
        Add band
      </Button>
    </Box>
  );
}

/** The whole price of a hire of 4 to 24 hours. */
function HourlyPrices({
  draft,
  onChange,
  errorFor,
}: {
  draft: CardDraft;
  onChange: (draft: CardDraft) => void;
  errorFor: (path: string) => string | undefined;
}) {
  return (
    <Box>
      <Heading as="h3" size="sm" mb={2}>
        Hourly prices (whole hire)
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 4, lg: 7 }} gap={3}>
        {HOURLY_HOURS.map((hours) => (
          <TextField
            key={hours}
            id={`hourly-${hours}`}
            label={`${hours} hours (£)`}
            inputMode="decimal"
            value={draft.hourly[hours] ?? ''}
            onValueChange={(value) =>
              onChange({ ...draft, hourly: { ...draft.hourly, [hours]: value } })
            }
            error={errorFor(`hourly_rates.${hours}`)}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
}
