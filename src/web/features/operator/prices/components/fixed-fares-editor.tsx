import { Button, chakra, Flex, Text } from '@chakra-ui/react';
import { Options, TextField, type SelectOption } from '../../../../components/form/fields';
import { SelectControlField } from '../../components/select-control';
import type { FareDraft } from './price-drafts';

type Choice = { id: number; name: string };

/** The company's fixed fares between zones, one row each, one way or both. */
export function FixedFaresEditor({
  drafts,
  zones,
  categories,
  onChange,
  errorFor,
}: {
  drafts: FareDraft[];
  zones: Choice[];
  categories: Choice[];
  onChange: (drafts: FareDraft[]) => void;
  errorFor: (path: string) => string | undefined;
}) {
  const zoneOptions = zones.map((z) => ({ value: String(z.id), label: z.name }));
  const categoryOptions = categories.map((c) => ({ value: String(c.id), label: c.name }));
  const set = (i: number, change: Partial<FareDraft>) =>
    onChange(drafts.map((fare, j) => (j === i ? { ...fare, ...change } : fare)));
  return (
    <Flex direction="column" gap={3}>
      {drafts.length === 0 ? (
        <Text>No fixed fares: every journey is priced by the mile.</Text>
      ) : null}
      {drafts.map((fare, i) => (
        <FareRow
          key={i}
          i={i}
          fare={fare}
          choices={{ zoneOptions, categoryOptions }}
          set={(change) => set(i, change)}
          remove={() => onChange(drafts.filter((_, j) => j !== i))}
          errorFor={errorFor}
        />
      ))}
      <Button
        type="button"
        variant="outline"
        alignSelf="flex-start"
        disabled={zones.length < 2 || categories.length === 0}
        onClick={() =>
          onChange([
            ...drafts,
            {
              category_id: String(categories[0]?.id ?? ''),
              from_zone_id: String(zones[0]?.id ?? ''),
              to_zone_id: String(zones[1]?.id ?? ''),
              both_ways: true,
              fare: '',
            },
          ])
        }
      >
        Add fixed fare
      </Button>
    </Flex>
  );
}

/** One fixed fare: vehicle, from and to zones, price, one way or both, and Remove. */
function FareRow({
  i,
  fare,
  choices: { zoneOptions, categoryOptions },
  set,
  remove,
  errorFor,
}: {
  i: number;
  fare: FareDraft;
  choices: { zoneOptions: SelectOption[]; categoryOptions: SelectOption[] };
  set: (change: Partial<FareDraft>) => void;
  remove: () => void;
  errorFor: (path: string) => string | undefined;
}) {
  return (
    <Flex gap={3} alignItems="flex-end" flexWrap="wrap" borderBottomWidth="1px" pb={3}>
      <SelectControlField
        id={`fare-${i}-category`}
        label={`Fare ${i + 1} vehicle`}
        value={fare.category_id}
        onValueChange={(category_id) => set({ category_id })}
        error={errorFor(`fixed_fares.${i}.category_id`)}
      >
        <Options options={categoryOptions} />
      </SelectControlField>
      <SelectControlField
        id={`fare-${i}-from`}
        label={`Fare ${i + 1} from zone`}
        value={fare.from_zone_id}
        onValueChange={(from_zone_id) => set({ from_zone_id })}
        error={errorFor(`fixed_fares.${i}.from_zone_id`)}
      >
        <Options options={zoneOptions} />
      </SelectControlField>
      <SelectControlField
        id={`fare-${i}-to`}
        label={`Fare ${i + 1} to zone`}
        value={fare.to_zone_id}
        onValueChange={(to_zone_id) => set({ to_zone_id })}
        error={errorFor(`fixed_fares.${i}.to_zone_id`)}
      >
        <Options options={zoneOptions} />
      </SelectControlField>
      <TextField
        id={`fare-${i}-fare`}
        label={`Fare ${i + 1} price (£)`}
        inputMode="decimal"
        value={fare.fare}
        onValueChange={(value) => set({ fare: value })}
        error={errorFor(`fixed_fares.${i}.fare`)}
      />
      <chakra.label display="flex" alignItems="center" gap={2} minH="44px" mb={2}>
        <input
          type="checkbox"
          checked={fare.both_ways}
          onChange={(event) => set({ both_ways: event.target.checked })}
        />
        Fare {i + 1} both ways
      </chakra.label>
      <Button type="button" variant="outline" mb={2} onClick={remove}>
        Remove fare {i + 1}
      </Button>
    </Flex>
  );
}
