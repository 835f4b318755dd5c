import { chakra, SimpleGrid } from '@chakra-ui/react';
import type { UseFormRegister } from 'react-hook-form';
import type { PriceDetail } from '../../../../../contract/quotes';
import { LIMITS } from '../../../../../domain/booking-limits';
import { isExtraOffered, type SettingsMap } from '../../../../../domain/settings';
import { SelectField } from '../../../../components/form/select-field';
import type { EditOptionsValues, LegValues } from './option-values';

/** Spec section 9: luggage, hand luggage and seats 0–15 in this panel; waiting 0–100 by 5. */
const COUNT_MAX = LIMITS.extrasSeatMax;

function countOptions(current: string, max: number = COUNT_MAX) {
  // A count chosen on the home form (up to 20) stays selectable rather than silently dropping.
  const top = Math.max(max, Number(current) || 0);
  return Array.from({ length: top + 1 }, (_, i) => ({ value: String(i), label: String(i) }));
}

/** The most cases and bags any one of an operator's vehicles takes: no larger count is offered. */
export type LuggageLimits = { luggages: number; hand_luggages: number };

export function operatorLuggageLimits(
  offers: readonly PriceDetail[],
  companyId: number,
): LuggageLimits {
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

const YES_NO_OPTIONS = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
];

type LegFieldsProps = {
  leg: 'outward' | 'return';
  legend: string;
  settings: SettingsMap;
  register: UseFormRegister<EditOptionsValues>;
  defaults: LegValues;
  limits: LuggageLimits;
  disabled: boolean;
};

/** One leg's extras in the edit-options panel: each priced extra only when its setting is on. */
export function LegFields({
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
