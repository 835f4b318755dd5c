import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '../../../../components/form/fields';
import type { ChargesDraft } from './price-drafts';

const FIELDS: { key: keyof ChargesDraft; label: string; hint?: string }[] = [
  { key: 'airport_pickup_charge', label: 'Airport pickup charge (£)' },
  { key: 'night_uplift_percent', label: 'Night uplift (%)' },
  { key: 'night_start', label: 'Night starts (HH:MM)' },
  { key: 'night_end', label: 'Night ends (HH:MM)' },
  { key: 'bank_holiday_uplift_percent', label: 'Bank-holiday uplift (%)' },
];

/** The company's charges: airport pickup, the night window and its uplift, bank holidays. */
export function ChargesEditor({
  draft,
  onChange,
  errorFor,
}: {
  draft: ChargesDraft;
  onChange: (draft: ChargesDraft) => void;
  errorFor: (path: string) => string | undefined;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
      {FIELDS.map(({ key, label }) => (
        <TextField
          key={key}
          id={`charges-${key}`}
          label={label}
          value={draft[key]}
          onValueChange={(value) => onChange({ ...draft, [key]: value })}
          error={errorFor(key)}
        />
      ))}
    </SimpleGrid>
  );
}
