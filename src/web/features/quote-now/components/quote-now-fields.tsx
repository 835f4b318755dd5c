import { Box } from '@chakra-ui/react';
import { AddressCombobox } from '../../../components/form/address-combobox';
import { TextAreaField, TextField } from '../../../components/form/fields';
import type { useOutboxForm } from '../../../offline/use-outbox-form';
import {
  QUOTE_NOW_LABELS as LABELS,
  QUOTE_NOW_RANGES,
  type QuoteNowField,
  type QuoteNowValues,
} from '../lib/quote-now-form';
import { CurrentLocationPickup } from './current-location-pickup';

const id = (field: QuoteNowField) => `quote-now-${field}`;

type QuoteNowFieldsProps = Pick<
  ReturnType<typeof useOutboxForm<QuoteNowValues>>,
  'field' | 'set'
> & {
  /** The earliest date. */
  today: string;
  googleApiKey: string | undefined;
};

/** The Quote Now form's fields: the journey, how to reach the visitor, and their comments. */
export function QuoteNowFields({ field, set, today, googleApiKey }: QuoteNowFieldsProps) {
  const input = (
    name: QuoteNowField,
    props: { type: string; min?: number | string; max?: number; autoComplete?: string },
  ) => (
    <TextField
      id={id(name)}
      label={LABELS[name]}
      {...props}
      {...(props.type === 'number' ? { inputMode: 'numeric' as const, step: 1 } : {})}
      {...field(name)}
    />
  );

  const pickup = field('pickup');
  const dropoff = field('dropoff');

  return (
    <Box
      display="grid"
      gap={4}
      gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}
    >
      <CurrentLocationPickup
        label={LABELS.pickup}
        pickup={pickup}
        googleApiKey={googleApiKey}
        onLocated={(text) => set('pickup', text)}
      />
      <AddressCombobox
        label={LABELS.dropoff}
        name="dropoff"
        value={dropoff.value}
        error={dropoff.error}
        inputRef={dropoff.ref}
        googleApiKey={googleApiKey}
        onChange={dropoff.onValueChange}
        onPick={(option) => dropoff.onValueChange(option.address)}
      />
      {input('date', { type: 'date', min: today })}
      {input('time', { type: 'time' })}
      {input('email', { type: 'email', autoComplete: 'email' })}
      {input('telephone', { type: 'tel', autoComplete: 'tel' })}
      {input('luggages', { type: 'number', ...QUOTE_NOW_RANGES.luggages })}
      {input('passengers', { type: 'number', ...QUOTE_NOW_RANGES.passengers })}
      <Box gridColumn={{ md: 'span 2' }}>
        {input('passengerName', { type: 'text', autoComplete: 'name' })}
      </Box>
      <Box gridColumn={{ md: 'span 2' }}>
        <TextAreaField
          id={id('comments')}
          label={LABELS.comments}
          rows={4}
          {...field('comments')}
        />
      </Box>
    </Box>
  );
}
