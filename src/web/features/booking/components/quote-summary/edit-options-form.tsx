import { Box, Button, chakra, Flex, HStack, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type { PriceDetail } from '../../../../../contract/quotes';
import { LIMITS } from '../../../../../domain/booking-limits';
import { MESSAGES } from '../../../../../domain/messages';
import { formatPounds } from '../../../../../domain/money';
import { currencySign, isExtraOffered, type SettingsMap } from '../../../../../domain/settings';
import { ApiError } from '../../../../lib/api-client';
import { calculateDistancePrice } from '../../api/calculate-distance-price';
import { calculateSelectedVehiclePrice } from '../../api/calculate-selected-vehicle-price';
import {
  saveBookingDraft,
  useBookingDrafts,
  type BookingFormDraft,
  type BookingTypeDraft,
  type HourlyFormDraft,
} from '../../state/booking-drafts';
import { bookingFormBody } from '../quote-form/quote-request';
import { selectedVehicleRequest, toSelectedVehicleDraft } from './selected-vehicle';
import { SelectField } from '../../../../components/form/select-field';

/** One leg's extras as the panel edits them (select values are text). */
type LegValues = {
  luggages: string;
  hand_luggages: string;
  baby_seats: string;
  booster_seats: string;
  special_luggage: string;
  waiting_min: string;
  meet_and_greet: 'yes' | 'no';
  wheel_chair: 'yes' | 'no';
};

type EditOptionsValues = { outward: LegValues; return: LegValues };

/** Spec section 9: luggage, hand luggage and seats 0–15 in this panel; waiting 0–100 by 5. */
const COUNT_MAX = LIMITS.extrasSeatMax;

const whole = (text: string) => String(Number.parseInt(text, 10) || 0);

function countOptions(current: string, max: number = COUNT_MAX) {
  // A count chosen on the home form (up to 20) stays selectable rather than silently dropping.
  const top = Math.max(max, Number(current) || 0);
  return Array.from({ length: top + 1 }, (_, i) => ({ value: String(i), label: String(i) }));
}

/** The most cases and bags any one of an operator's vehicles takes: no larger count is offered. */
type LuggageLimits = { luggages: number; hand_luggages: number };

function operatorLuggageLimits(offers: readonly PriceDetail[], companyId: number): LuggageLimits {
  const own = offers.filter((offer) => offer.company_id === companyId);
  // Without the operator's list (an old draft) the panel's own range stands.
  if (own.length === 0) return { luggages: COUNT_MAX, hand_luggages: COUNT_MAX };
  const largest = (pick: (offer: PriceDetail) => number) =>
    Math.min(COUNT_MAX, Math.max(...own.map(pick)));
  return {
    luggages: largest((offer) => offer.luggage),
    hand_luggages: largest((offer) => offer.small_luggage),
  };
}

const WAITING_OPTIONS = Array.from(
  { length: LIMITS.waitingMinutesMax / LIMITS.waitingMinutesStep + 1 },
  (_, i) => {
    const minutes = String(i * LIMITS.waitingMinutesStep);
    return { value: minutes, label: minutes };
  },
);

const EMPTY_LEG: LegValues = {
  luggages: '0',
  hand_luggages: '0',
  baby_seats: '0',
  booster_seats: '0',
  special_luggage: '0',
  waiting_min: '0',
  meet_and_greet: 'no',
  wheel_chair: 'no',
};

const YES_NO_OPTIONS = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
];

function outwardValues(form: BookingFormDraft | HourlyFormDraft): LegValues {
  return {
    luggages: whole(form.luggages),
    hand_luggages: whole(form.hand_luggages),
    baby_seats: whole(form.baby_seats),
    booster_seats: whole(form.booster_seats),
    special_luggage: whole(form.special_luggage),
    waiting_min: whole(form.waiting_min),
    meet_and_greet: form.meet_and_greet,
    wheel_chair: form.wheel_chair,
  };
}

function returnValues(form: BookingFormDraft | undefined): LegValues {
  return {
    luggages: whole(form?.return_luggages ?? '0'),
    hand_luggages: whole(form?.return_hand_luggages ?? '0'),
    baby_seats: whole(form?.return_baby_seats ?? '0'),
    booster_seats: whole(form?.return_booster_seats ?? '0'),
    special_luggage: whole(form?.return_special_luggage ?? '0'),
    waiting_min: whole(form?.return_waiting_min ?? '0'),
    meet_and_greet: form?.return_meet_and_greet ?? 'no',
    wheel_chair: form?.return_wheel_chair ?? 'no',
  };
}

/** The mileage form with both legs' extras replaced by what the panel holds. */
function withMileageExtras(
  form: BookingFormDraft,
  values: EditOptionsValues,
  isReturn: boolean,
): BookingFormDraft {
  const next: BookingFormDraft = { ...form, ...values.outward };
  if (!isReturn) return next;
  const back = values.return;
  return {
    ...next,
    return_luggages: back.luggages,
    return_hand_luggages: back.hand_luggages,
    return_baby_seats: back.baby_seats,
    return_booster_seats: back.booster_seats,
    return_special_luggage: back.special_luggage,
    return_waiting_min: back.waiting_min,
    return_meet_and_greet: back.meet_and_greet,
    return_wheel_chair: back.wheel_chair,
  };
}

type LegFieldsProps = {
  leg: 'outward' | 'return';
  legend: string;
  settings: SettingsMap;
  register: UseFormRegister<EditOptionsValues>;
  defaults: LegValues;
  limits: LuggageLimits;
  disabled: boolean;
};

function LegFields({
  leg,
  legend,
  settings,
  register,
  defaults,
  limits,
  disabled,
}: LegFieldsProps) {
  const offered = (extra: Parameters<typeof isExtraOffered>[1]) => isExtraOffered(settings, extra);
  return (
    <chakra.fieldset borderWidth="1px" borderColor="gray.200" rounded="md" p={3} minW={0}>
      <chakra.legend px={1} fontWeight="semibold" color="gray.900">
        {legend}
      </chakra.legend>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
        <SelectField
          label="Luggage"
          options={countOptions(defaults.luggages, limits.luggages)}
          disabled={disabled}
          {...register(`${leg}.luggages`)}
        />
        <SelectField
          label="Hand Luggage"
          options={countOptions(defaults.hand_luggages, limits.hand_luggages)}
          disabled={disabled}
          {...register(`${leg}.hand_luggages`)}
        />
        {offered('baby_seats') ? (
          <SelectField
            label="Baby Seats"
            options={countOptions(defaults.baby_seats)}
            disabled={disabled}
            {...register(`${leg}.baby_seats`)}
          />
        ) : null}
        {offered('booster_seats') ? (
          <SelectField
            label="Booster Seats"
            options={countOptions(defaults.booster_seats)}
            disabled={disabled}
            {...register(`${leg}.booster_seats`)}
          />
        ) : null}
        {offered('special_luggage') ? (
          <SelectField
            label="Special Luggage"
            options={countOptions(defaults.special_luggage)}
            disabled={disabled}
            {...register(`${leg}.special_luggage`)}
          />
        ) : null}
        {offered('waiting_min') ? (
          <SelectField
            label="Waiting Time in mins"
            options={WAITING_OPTIONS}
            disabled={disabled}
            {...register(`${leg}.waiting_min`)}
          />
        ) : null}
        {offered('meet_and_greet') ? (
          <SelectField
            label="Meet & Greet"
            options={YES_NO_OPTIONS}
            disabled={disabled}
            {...register(`${leg}.meet_and_greet`)}
          />
        ) : null}
        {offered('wheel_chair') ? (
          <SelectField
            label="Wheelchair"
            options={YES_NO_OPTIONS}
            disabled={disabled}
            {...register(`${leg}.wheel_chair`)}
          />
        ) : null}
      </SimpleGrid>
    </chakra.fieldset>
  );
}

/** What Save stored: the booking type and its form with the new extras. */
export type SavedOptions = {
  bookingType: BookingTypeDraft;
  bookingForm?: BookingFormDraft;
  hourlyForm?: HourlyFormDraft;
};

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
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType ?? 'milleage';
  const mileageForm = drafts.BookingForm;
  const hourlyForm = drafts.HourlyRateForm;
  const form = bookingType === 'hourly' ? hourlyForm : mileageForm;
  const isReturn = bookingType === 'milleage' && mileageForm?.select_option === 'return';
  // Read once when the panel opens, so a draft saved meanwhile does not reset what is typed.
  const [defaults] = useState<EditOptionsValues>(() => ({
    outward: form ? outwardValues(form) : EMPTY_LEG,
    return: returnValues(mileageForm),
  }));
  const { register, handleSubmit, formState } = useForm<EditOptionsValues>({
    defaultValues: defaults,
  });
  const [error, setError] = useState<string | null>(null);
  const fittingHeadingId = useId();
  // After a capacity refusal: the vehicles the server prices for the new options, to switch to.
  const [fitting, setFitting] = useState<{ values: EditOptionsValues; offers: PriceDetail[] }>();
  const [switching, setSwitching] = useState(false);
  const saving = formState.isSubmitting || switching;
  const selected = drafts.selectedVehicleData;
  const limits = operatorLuggageLimits(
    drafts.PriceDetails?.price_details ?? [],
    selected?.detail.company_id ?? -1,
  );
  const sign = currencySign(settings);

  const nextForms = (values: EditOptionsValues) => ({
    nextMileage:
      bookingType === 'milleage' && mileageForm
        ? withMileageExtras(mileageForm, values, isReturn)
        : undefined,
    nextHourly:
      bookingType === 'hourly' && hourlyForm ? { ...hourlyForm, ...values.outward } : undefined,
  });

  /** Prices `detail` with the panel's extras and, once priced, saves both. */
  const priceAndSave = async (values: EditOptionsValues, detail: PriceDetail) => {
    if (!selected) return;
    const { nextMileage, nextHourly } = nextForms(values);
    const response = await calculateSelectedVehiclePrice(
      selectedVehicleRequest({
        bookingType,
        bookingForm: nextMileage,
        hourlyForm: nextHourly,
        detail,
        selection: selected.selection,
        vehicleCount: selected.vehicle_count,
      }),
    );
    // Saved only once priced: extras the server refuses never reach the booking.
    if (nextMileage) await saveBookingDraft('BookingForm', nextMileage);
    if (nextHourly) await saveBookingDraft('HourlyRateForm', nextHourly);
    await saveBookingDraft(
      'selectedVehicleData',
      toSelectedVehicleDraft(response, selected.selection),
    );
    onSaved?.({ bookingType, bookingForm: nextMileage, hourlyForm: nextHourly });
  };

  /** The vehicles that carry the new options, when the chosen one cannot. */
  const offersThatFit = async (values: EditOptionsValues) => {
    const { nextMileage } = nextForms(values);
    if (!nextMileage) return;
    try {
      const { price_details } = await calculateDistancePrice(bookingFormBody(nextMileage));
      setFitting({ values, offers: price_details });
    } catch (cause) {
      // No vehicle at all: the spec's message names what no vehicle meets.
      if (cause instanceof ApiError) setError(cause.message);
    }
  };

  const onSubmit = async (values: EditOptionsValues) => {
    if (!selected || !form) return;
    setError(null);
    setFitting(undefined);
    try {
      await priceAndSave(values, selected.detail);
    } catch (cause) {
      console.error('Could not save the options', cause);
      setError(cause instanceof Error ? cause.message : String(cause));
      if (cause instanceof ApiError && cause.status === 422) await offersThatFit(values);
    }
  };

  const switchTo = async (offer: PriceDetail) => {
    if (!fitting) return;
    setSwitching(true);
    setError(null);
    try {
      await priceAndSave(fitting.values, offer);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Box
      as="form"
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Edit options"
      display="grid"
      gap={3}
    >
      <LegFields
        leg="outward"
        legend={isReturn ? 'Outward journey' : 'Journey'}
        settings={settings}
        register={register}
        defaults={defaults.outward}
        limits={limits}
        disabled={saving}
      />
      {isReturn ? (
        <LegFields
          leg="return"
          legend="Return journey"
          settings={settings}
          register={register}
          defaults={defaults.return}
          limits={limits}
          disabled={saving}
        />
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
        <Box role="group" aria-labelledby={fittingHeadingId}>
          <Text id={fittingHeadingId} fontWeight="semibold" color="gray.900">
            Vehicles that fit these options
          </Text>
          <Flex as="ul" listStyleType="none" direction="column" gap={2} mt={2}>
            {fitting.offers.map((offer) => (
              <li key={`${offer.company_id}-${offer.vehicle_id}`}>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  width="full"
                  justifyContent="space-between"
                  disabled={saving}
                  onClick={() => void switchTo(offer)}
                >
                  <span>
                    Choose {offer.vehicle_type}, {offer.company_name}
                  </span>
                  <span>{formatPounds(offer.price, sign)}</span>
                </Button>
              </li>
            ))}
          </Flex>
        </Box>
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
