import { Box, Button, Flex, HStack, Spinner, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '../../../../../domain/messages';
import { currencySign, type SettingsMap } from '../../../../../domain/settings';
import { useBookingDrafts } from '../../state/booking-drafts';
import { FittingVehicles } from './fitting-vehicles';
import { LegFields, operatorLuggageLimits } from './leg-fields';
import { EMPTY_LEG, outwardValues, returnValues, type EditOptionsValues } from './option-values';
import { editedBooking, useSaveOptions, type SavedOptions } from './use-save-options';

export type EditOptionsFormProps = {
  settings: SettingsMap;
  /** After the extras are saved and the chosen vehicle is priced again; the panel closes. */
  onSaved?: (saved: SavedOptions) => void;
  /** Shows a Cancel button that closes the panel without saving. */
  onCancel?: () => void;
};

/**
 * The edit-options panel (a 'Save' form): each leg's extras, each priced extra only when its
 * setting is above zero. Save needs the chosen vehicle and the booking form, else does nothing
 * (spec section 5); it stores the extras, prices the vehicle again and updates the selection.
 */
export function EditOptionsForm({ settings, onSaved, onCancel }: EditOptionsFormProps) {
  const { drafts } = useBookingDrafts();
  const booking = editedBooking(drafts);
  // Read once when the panel opens, so a draft saved meanwhile does not reset what is typed.
  const [defaults] = useState<EditOptionsValues>(() => ({
    outward: booking.form ? outwardValues(booking.form) : EMPTY_LEG,
    return: returnValues(booking.mileageForm),
  }));
  const { register, handleSubmit, formState } = useForm<EditOptionsValues>({
    defaultValues: defaults,
  });
  const { save, switchTo, error, fitting, switching } = useSaveOptions(booking, onSaved);
  const saving = formState.isSubmitting || switching;
  const limits = operatorLuggageLimits(
    drafts.PriceDetails?.price_details ?? [],
    booking.selected?.detail.company_id ?? -1,
  );
  const legFields = { settings, register, limits, disabled: saving };

  return (
    <Box as="form" onSubmit={handleSubmit(save)} aria-label="Edit options" display="grid" gap={3}>
      <LegFields
        leg="outward"
        legend={booking.isReturn ? 'Outward journey' : 'Journey'}
        defaults={defaults.outward}
        {...legFields}
      />
      {booking.isReturn ? (
        <LegFields leg="return" legend="Return journey" defaults={defaults.return} {...legFields} />
      ) : null}
      {saving ? (
        <HStack role="status" gap={2} color="gray.700">
          <Spinner size="sm" color="brand.solid" />
          <Text>{MESSAGES.loadingPrice}</Text>
        </HStack>
      ) : null}
      {error ? (
        <Text role="alert" color="red.700">
          {error}
        </Text>
      ) : null}
      {fitting && fitting.offers.length > 0 ? (
        <FittingVehicles
          offers={fitting.offers}
          sign={currencySign(settings)}
          disabled={saving}
          onChoose={(offer) => void switchTo(offer)}
        />
      ) : null}
      <Flex gap={2} justifyContent="flex-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" colorPalette="brand" disabled={saving}>
          Save
        </Button>
      </Flex>
    </Box>
  );
}
