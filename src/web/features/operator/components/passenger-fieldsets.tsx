import { Box } from '@chakra-ui/react';
import { CONSOLE_PAYMENT_METHOD_LABELS } from '../../../../domain/payment-labels';
import { TextAreaField, TextField } from '../../../components/form/fields';
import type { PhoneBookingField } from '../hooks/use-phone-booking';
import type { NewBookingValues } from '../lib/new-booking-form';
import { Fieldset, RadioOption } from './form-fieldset';

/** The caller: who travels and how to reach them. */
export function PassengerFieldset({ field }: { field: PhoneBookingField }) {
  return (
    <Fieldset legend="Passenger">
      <TextField id="new-name" label="Name" {...field('name')} autoComplete="off" required />
      <TextField
        id="new-email"
        label="Email"
        type="email"
        {...field('email')}
        autoComplete="off"
        required
      />
      <TextField
        id="new-phone"
        label="Phone"
        type="tel"
        {...field('phone')}
        autoComplete="off"
        required
      />
      <TextAreaField id="new-info" label="Additional info" {...field('additional_info')} rows={3} />
    </Fieldset>
  );
}

/** How the caller pays: in the car or on account. */
export function PaymentFieldset({
  value,
  onChange,
}: {
  value: NewBookingValues['payment'];
  onChange: (value: string) => void;
}) {
  return (
    <Fieldset legend="Payment">
      <Box role="radiogroup" aria-label="Payment">
        {(['car', 'account'] as const).map((method) => (
          <RadioOption
            key={method}
            name="payment"
            value={method}
            checked={value === method}
            onChange={onChange}
          >
            {CONSOLE_PAYMENT_METHOD_LABELS[method]}
          </RadioOption>
        ))}
      </Box>
    </Fieldset>
  );
}
