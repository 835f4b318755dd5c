import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { Operator } from '../../../../contract/operator';
import type { ConsoleRequest } from '../../../../contract/operator-requests';
import type { PriceDetail } from '../../../../contract/quotes';
import { todayInLondon } from '../../../../domain/uk-time';
import { operatorBookingPath } from '../../../config/routes';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useTextFields } from '../../../lib/use-text-fields';
import { quoteVehicle, useCreateOperatorBooking, usePriceJourney } from '../api/create-booking';
import {
  checkedSchema,
  failureOf,
  JOURNEY_FIELDS,
  newBookingDefaults,
  offerKey,
  type JourneyField,
  type NewBookingValues,
} from '../lib/new-booking-form';
import { bookingRequestOf, journeyOf } from '../lib/phone-booking-request';
import { requestKeys } from '../requests/api/request-keys';
import { bookingValuesFrom } from '../requests/lib/request-prefill';

type Form = UseFormReturn<NewBookingValues>;
/** Says what went wrong above the form (null clears it). */
type SetFailure = (failure: string | null) => void;

/** "Get prices": the operator's own company's vehicles priced for the journey typed. */
function useJourneyOffers(form: Form, operator: Operator, setFailure: SetFailure) {
  const price = usePriceJourney();
  const [offers, setOffers] = useState<PriceDetail[] | null>(null);

  const getPrices = async () => {
    setFailure(null);
    const journeyValid = await form.trigger([...JOURNEY_FIELDS]);
    // The schema's drop-off rule is an object-level check, which waits for every field to pass:
    // the passenger's are still empty at this step.
    const { kind, dropoff } = form.getValues();
    if (kind === 'milleage' && !dropoff.trim()) {
      form.setError('dropoff', { type: 'required', message: 'Enter the drop-off address' });
      return;
    }
    if (!journeyValid) return;
    try {
      // A dispatcher books their own company's vehicles only (the server refuses others).
      const priced = (await price.mutateAsync(journeyOf(form.getValues()))).filter(
        (offer) => operator.company_id === null || offer.company_id === operator.company_id,
      );
      setOffers(priced);
      if (priced.length === 0) {
        setFailure(
          operator.company_id === null
            ? 'No vehicle is available for this journey.'
            : `No ${operator.company_name ?? 'company'} vehicle is available for this journey.`,
        );
      }
    } catch (error) {
      setFailure(failureOf(error, form.setError));
    }
  };

  return { offers, clearOffers: () => setOffers(null), getPrices, pricing: price.isPending };
}

/** "Create booking": the chosen vehicle quoted and booked for the caller, then its page opened. */
function useBookChosen(
  form: Form,
  offers: PriceDetail[] | null,
  setFailure: SetFailure,
  requestId: number | undefined,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateOperatorBooking();
  const [booking, setBooking] = useState(false);

  const submit = async (values: NewBookingValues) => {
    setFailure(null);
    const chosen = offers?.find((offer) => offerKey(offer) === values.vehicle);
    if (!chosen) {
      form.setError('vehicle', { type: 'required', message: 'Choose a vehicle' });
      return;
    }
    setBooking(true);
    try {
      const journey = journeyOf(values);
      const quote = await quoteVehicle(journey, chosen);
      const body = bookingRequestOf(values, journey, chosen, quote);
      const bookingNumber = await create.mutateAsync({
        // Book this: the booking is linked to its Quote Now request as it is made.
        body: requestId === undefined ? body : { ...body, request_id: requestId },
        idempotencyKey: newIdempotencyKey(),
      });
      if (requestId !== undefined) {
        await queryClient.invalidateQueries({ queryKey: requestKeys.all() });
      }
      await navigate(operatorBookingPath(bookingNumber));
    } catch (error) {
      setFailure(failureOf(error, form.setError));
    } finally {
      setBooking(false);
    }
  };

  return { submit, booking };
}

/**
 * A booking taken by phone: the journey priced by the public site's price calls (the same engine
 * and rules), then booked with the chosen vehicle for the caller; filled in from, and linked
 * to, a Quote Now request when Book this opened it.
 */
export function usePhoneBooking(operator: Operator, fromRequest?: ConsoleRequest) {
  const [failure, setFailure] = useState<string | null>(null);
  const defaults = newBookingDefaults(todayInLondon(new Date()));
  const form = useForm<NewBookingValues>({
    // Book this: the Quote Now request's journey and caller, ready to price.
    defaultValues: fromRequest ? bookingValuesFrom(fromRequest, defaults) : defaults,
    resolver: zodResolver(checkedSchema),
  });
  const { field, set, values } = useTextFields(form, { clearOnChange: true });
  const { offers, clearOffers, getPrices, pricing } = useJourneyOffers(form, operator, setFailure);
  const { submit, booking } = useBookChosen(form, offers, setFailure, fromRequest?.id);

  /** A journey field: changing it makes the prices shown stale, so they go. */
  const journeyField = (name: JourneyField) => ({
    ...field(name),
    onValueChange: (value: string) => {
      set(name, value);
      clearOffers();
      set('vehicle', '');
    },
  });

  return {
    form,
    field,
    set,
    values,
    journeyField,
    failure,
    offers,
    getPrices,
    pricing,
    submit,
    booking,
  };
}

/** A control's props from the form, as TextField and SelectControlField take them. */
export type PhoneBookingField = ReturnType<typeof usePhoneBooking>['field'];
export type PhoneJourneyField = ReturnType<typeof usePhoneBooking>['journeyField'];
