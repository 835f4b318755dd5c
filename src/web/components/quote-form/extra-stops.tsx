import { Box, Button, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../domain/booking-limits';
import type { BookingFormDraft } from '../../offline/booking-drafts';
import { CloseIcon } from '../icons';
import { AddressCombobox } from './address-combobox';
import { errorProps, Field, TextInput } from './fields';
import { EMPTY_STOP, postcodeIn, STOP_SUGGESTION_LIMIT } from './form-defaults';

const Fieldset = chakra('fieldset', { base: { minW: 0, border: 0, p: 0, m: 0 } });
const Legend = chakra('legend', {
  base: { fontSize: 'sm', fontWeight: 'semibold', color: 'gray.800', mb: '2', p: 0 },
});

type ExtraStopsProps = {
  form: UseFormReturn<BookingFormDraft>;
  googleApiKey: string | undefined;
};

/**
 * The mileage form's 'Extra Stops' (spec section 2): rows of street/road name (with at most 5
 * suggestions, biased close to the visitor), number and city or post code, each with a remove
 * button, in the order they are driven.
 */
export function ExtraStops({ form, googleApiKey }: ExtraStopsProps) {
  const uid = useId();
  const { control, register, setValue, getValues, clearErrors, formState } = form;
  const stops = useFieldArray({ control, name: 'stops' });
  const errorOf = (index: number, field: 'street_name' | 'number' | 'postcode') =>
    formState.errors.stops?.[index]?.[field]?.message;

  return (
    <Fieldset>
      <Legend>Extra Stops</Legend>
      <Box display="grid" gap="3">
        {stops.fields.map((row, index) => {
          const rowId = `${uid}-stop-${index}`;
          const numberError = errorOf(index, 'number');
          const postcodeError = errorOf(index, 'postcode');
          return (
            <Fieldset
              key={row.id}
              position="relative"
              borderWidth="1px"
              borderColor="gray.200"
              borderRadius="md"
              p="3"
              bg="gray.50"
            >
              <Legend float="left" w="full" mb="2">
                Stop {index + 1}
              </Legend>
              <Button
                type="button"
                size="xs"
                variant="ghost"
                color="gray.800"
                position="absolute"
                top="2"
                right="2"
                aria-label={`Remove stop ${index + 1}`}
                onClick={() => stops.remove(index)}
              >
                <CloseIcon />
                Remove
              </Button>
              <Box
                display="grid"
                clear="both"
                gap="3"
                gridTemplateColumns={{ base: '1fr', sm: 'minmax(0, 3fr) minmax(0, 1fr)' }}
              >
                <Controller
                  control={control}
                  name={`stops.${index}.street_name`}
                  render={({ field, fieldState }) => (
                    <AddressCombobox
                      label="Street/Road Name"
                      name={field.name}
                      value={field.value}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      limit={STOP_SUGGESTION_LIMIT}
                      bias="near"
                      showPopular={false}
                      googleApiKey={googleApiKey}
                      onChange={(text) => {
                        setValue(`stops.${index}.street_name`, text, { shouldDirty: true });
                        setValue(`stops.${index}.location`, null, { shouldDirty: true });
                        clearErrors(`stops.${index}.street_name`);
                      }}
                      onPick={(option) => {
                        setValue(`stops.${index}.street_name`, option.address, {
                          shouldDirty: true,
                        });
                        setValue(`stops.${index}.location`, option.location ?? null, {
                          shouldDirty: true,
                        });
                        const postcode = option.postcode || postcodeIn(option.address);
                        if (postcode && !getValues(`stops.${index}.postcode`).trim())
                          setValue(`stops.${index}.postcode`, postcode, { shouldDirty: true });
                        clearErrors(`stops.${index}.street_name`);
                      }}
                    />
                  )}
                />
                <Field id={`${rowId}-number`} label="Number" error={numberError}>
                  <TextInput
                    id={`${rowId}-number`}
                    inputMode="text"
                    autoComplete="off"
                    {...errorProps(`${rowId}-number`, numberError)}
                    {...register(`stops.${index}.number`, {
                      onChange: () => clearErrors(`stops.${index}.number`),
                    })}
                  />
                </Field>
                <Box gridColumn={{ sm: '1 / -1' }}>
                  <Field id={`${rowId}-postcode`} label="City or Post Code" error={postcodeError}>
                    <TextInput
                      id={`${rowId}-postcode`}
                      autoComplete="off"
                      {...errorProps(`${rowId}-postcode`, postcodeError)}
                      {...register(`stops.${index}.postcode`, {
                        onChange: () => clearErrors(`stops.${index}.postcode`),
                      })}
                    />
                  </Field>
                </Box>
              </Box>
            </Fieldset>
          );
        })}
      </Box>
      {stops.fields.length < LIMITS.stopsMax ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          mt={stops.fields.length > 0 ? '3' : '0'}
          onClick={() =>
            stops.append(
              { ...EMPTY_STOP },
              { focusName: `stops.${stops.fields.length}.street_name` },
            )
          }
        >
          Add Stop
        </Button>
      ) : null}
    </Fieldset>
  );
}
