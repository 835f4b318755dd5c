import { Box, Button, chakra, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import type { ValidationIssue } from '../../../../contract/envelope';
import type { PriceDetail } from '../../../../contract/quotes';
import { HOURLY_DURATIONS, LIMITS } from '../../../../domain/booking-limits';
import { CONSOLE_PAYMENT_METHOD_LABELS } from '../../../../domain/payment-labels';
import { CLOCK_HOURS, MINUTE_OPTIONS } from '../../../../domain/time';
import { todayInLondon } from '../../../../domain/uk-time';
import { AddressCombobox } from '../../../components/form/address-combobox';
import { Options, TextAreaField, TextField } from '../../../components/form/fields';
import { operatorBookingPath, OPERATOR_ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { emailRule, textRule } from '../../../lib/form-rules';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useTextFields } from '../../../lib/use-text-fields';
import {
  quoteVehicle,
  useCreateOperatorBooking,
  usePriceJourney,
  type Journey,
} from '../api/create-booking';
import { formatPounds } from '../lib/format';
import { AlertMessage } from './error-panel';
import { SelectControlField } from './select-control';
import { useOperator } from './operator-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CONSOLE_TITLE } from './console-title';

const required = (message: string) => textRule((text) => (text.trim() ? undefined : message));

/** The form's own checks: only what must be there. The server's rules (and words) do the rest. */
const newBookingSchema = z.object({
  kind: z.enum(['milleage', 'hourly']),
  pickup: required('Enter the pickup address'),
  dropoff: z.string(),
  duration: z.string(),
  pickup_date: required('Choose the pickup date'),
  pickup_hour: required('Choose the pickup hour'),
  pickup_min: required('Choose the pickup minute'),
  passengers: z.string(),
  luggages: z.string(),
  flight_no: z.string().check(z.maxLength(50, 'Flight / train number is too long')),
  vehicle: z.string(),
  name: required('Enter the passenger’s name'),
  email: emailRule('Enter the passenger’s email', 'Enter a valid email, like name@example.com'),
  phone: required('Enter the passenger’s phone number'),
  additional_info: z.string(),
  payment: z.enum(['car', 'account']),
});
/** A one-way journey needs its drop-off; an hourly hire has none. */
const checkedSchema = newBookingSchema.check(
  z.superRefine((values, context) => {
    if (values.kind === 'milleage' && !values.dropoff.trim()) {
      context.addIssue({
        code: 'custom',
        message: 'Enter the drop-off address',
        path: ['dropoff'],
        input: values.dropoff,
      });
    }
  }),
);
type NewBookingValues = z.infer<typeof newBookingSchema>;
type Name = FieldPath<NewBookingValues>;

const JOURNEY_FIELDS = [
  'kind',
  'pickup',
  'dropoff',
  'duration',
  'pickup_date',
  'pickup_hour',
  'pickup_min',
  'passengers',
  'luggages',
] as const satisfies readonly Name[];

const LABELS: Record<Name, string> = {
  kind: 'Journey',
  pickup: 'Pickup address',
  dropoff: 'Drop-off address',
  duration: 'Hours',
  pickup_date: 'Pickup date',
  pickup_hour: 'Pickup hour',
  pickup_min: 'Pickup minute',
  passengers: 'Passengers',
  luggages: 'Luggage',
  flight_no: 'Flight / train number',
  vehicle: 'Vehicle',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  additional_info: 'Additional info',
  payment: 'Payment',
};
const ORDER = Object.keys(LABELS) as Name[];

/**
 * An issue as this form names it: 'form.pickup' and 'passenger.phone' are the price form's and
 * the passenger's fields here, so 'passenger.phone must be …' reads 'Phone must be …'.
 */
function localIssue({ path, message }: ValidationIssue): ValidationIssue {
  const bare = path.replace(/^(form|bookingForm|passenger)\./, '');
  if (bare === path) return { path, message };
  return {
    path: bare,
    message: message.startsWith(path) ? bare + message.slice(path.length) : message,
  };
}

/** The field on screen for an issue's path, whichever call sent it. */
function fieldOf(path: string): Name | undefined {
  if (path.startsWith('selected_vehicle')) return 'vehicle';
  if (path === 'pickup_fight_number') return 'flight_no';
  if (path === 'payment_method') return 'payment';
  if (path === 'pickup_duration') return 'duration';
  return path in LABELS ? (path as Name) : undefined;
}

const HOUR_OPTIONS = [
  { value: '', label: 'Hour' },
  ...CLOCK_HOURS.map((hour, h) => ({ value: hour, label: String(h).padStart(2, '0') })),
];
const MINUTE_SELECT = [
  { value: '', label: 'Minute' },
  ...MINUTE_OPTIONS.map((minute) => ({ value: minute, label: minute })),
];
const JOURNEY_KINDS = [
  { kind: 'milleage', label: 'One way' },
  { kind: 'hourly', label: 'Hourly' },
] as const;

const DURATION_OPTIONS = HOURLY_DURATIONS.map((duration) => ({
  value: duration,
  label: `${Number.parseInt(duration, 10)} hours`,
}));
const PASSENGER_OPTIONS = Array.from({ length: LIMITS.passengersSelectMax }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));
const LUGGAGE_OPTIONS = Array.from({ length: LIMITS.luggageMax + 1 }, (_, i) => ({
  value: String(i),
  label: String(i),
}));

const offerKey = (offer: Pick<PriceDetail, 'vehicle_id' | 'company_id'>) =>
  `${offer.vehicle_id}:${offer.company_id}`;

/** The form the public site sends for this journey, from the console's fields. */
function journeyOf(values: NewBookingValues): Journey {
  if (values.kind === 'hourly') {
    return {
      type: 'hourly',
      form: {
        pickup: values.pickup.trim(),
        pickup_location: null,
        pickup_date: values.pickup_date,
        pickup_duration: values.duration,
        pickup_hour: values.pickup_hour,
        pickup_min: values.pickup_min,
        pickup_fight_number: values.flight_no.trim(),
        passengers: Number(values.passengers),
        luggages: Number(values.luggages),
        hand_luggages: 0,
        special_luggage: 0,
        baby_seats: 0,
        booster_seats: 0,
        waiting_min: 0,
        meet_and_greet: 'no',
        wheel_chair: 'no',
      },
    };
  }
  return {
    type: 'milleage',
    form: {
      pickup: values.pickup.trim(),
      dropoff: values.dropoff.trim(),
      pickup_date: values.pickup_date,
      pickup_hour: values.pickup_hour,
      pickup_min: values.pickup_min,
      pickup_location: null,
      dropoff_location: null,
      stops: [],
      select_option: 'one_way',
      passengers: Number(values.passengers),
      luggages: Number(values.luggages),
      hand_luggages: 0,
      special_luggage: 0,
      baby_seats: 0,
      booster_seats: 0,
      waiting_min: 0,
      meet_and_greet: 'no',
      wheel_chair: 'no',
      pickup_fight_number: values.flight_no.trim(),
      return_pickup: '',
      return_dropoff: '',
      return_pickup_location: null,
      return_dropoff_location: null,
      return_date: null,
      return_hour: null,
      return_min: null,
      return_fight_number: '',
      return_passengers: null,
      return_luggages: 0,
      return_hand_luggages: 0,
      return_special_luggage: 0,
      return_baby_seats: 0,
      return_booster_seats: 0,
      return_waiting_min: 0,
      return_meet_and_greet: 'no',
      return_wheel_chair: 'no',
    },
  };
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <chakra.fieldset
      layerStyle="card"
      bg="white"
      p={{ base: 4, md: 5 }}
      display="grid"
      gap={4}
      minW={0}
    >
      <chakra.legend fontWeight="bold" fontSize="lg" color="gray.900" px={1}>
        {legend}
      </chakra.legend>
      {children}
    </chakra.fieldset>
  );
}

function RadioOption({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: string;
}) {
  return (
    <chakra.label display="flex" alignItems="center" gap={2} minH="44px" cursor="pointer">
      <chakra.input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        w="1.1rem"
        h="1.1rem"
      />
      <span>{children}</span>
    </chakra.label>
  );
}

/**
 * /operator/bookings/new: a booking taken by phone. It is priced by the public site's price
 * calls (the same engine and rules), then booked with the chosen vehicle for the caller, paid
 * in the car or on account.
 */
export function NewBookingPage() {
  useDocumentTitle(`New booking — ${CONSOLE_TITLE}`);
  const headingId = useId();
  const operator = useOperator();
  const navigate = useNavigate();
  const price = usePriceJourney();
  const create = useCreateOperatorBooking();
  const [offers, setOffers] = useState<PriceDetail[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [booking, setBooking] = useState(false);
  const form = useForm<NewBookingValues>({
    defaultValues: {
      kind: 'milleage',
      pickup: '',
      dropoff: '',
      duration: HOURLY_DURATIONS[0] ?? '4hour',
      pickup_date: todayInLondon(new Date()),
      pickup_hour: '',
      pickup_min: '',
      passengers: '1',
      luggages: '0',
      flight_no: '',
      vehicle: '',
      name: '',
      email: '',
      phone: '',
      additional_info: '',
      payment: 'car',
    },
    resolver: zodResolver(checkedSchema),
  });
  const { field, set, values } = useTextFields(form, { clearOnChange: true });

  /** A journey field: changing it makes the prices shown stale, so they go. */
  const journeyField = (name: (typeof JOURNEY_FIELDS)[number]) => ({
    ...field(name),
    onValueChange: (value: string) => {
      set(name, value);
      setOffers(null);
      set('vehicle', '');
    },
  });

  /** An address with the site's own suggestions (the server's gazetteer), as passengers get. */
  const addressField = (name: 'pickup' | 'dropoff', label: string) => {
    const { value, error, ref, onValueChange } = journeyField(name);
    return (
      <AddressCombobox
        label={label}
        name={name}
        value={value}
        error={error}
        inputRef={ref}
        onChange={onValueChange}
        onPick={(option) => onValueChange(option.address)}
      />
    );
  };

  const showIssues = (error: unknown) => {
    if (error instanceof ApiError) {
      const rest = setFieldIssues(form.setError, error.issues.map(localIssue), {
        fieldOf,
        labels: LABELS,
        order: ORDER,
      });
      if (!error.issues.length || rest.length) {
        setFailure(rest.length ? rest.map((issue) => issue.message).join(' ') : error.message);
      }
    } else {
      console.error('The phone booking failed:', error);
      setFailure('Something went wrong. Please try again.');
    }
  };

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
      showIssues(error);
    }
  };

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
      const bookingNumber = await create.mutateAsync({
        body: {
          booking_type: journey.type,
          form: journey.form,
          selected_vehicle: {
            quote_id: quote.quote_id,
            tbms_vid: chosen.vehicle_id,
            company_id: chosen.company_id,
            vehicle_count: 1,
          },
          passenger: {
            name: values.name.trim(),
            email: values.email.trim(),
            phone: values.phone.trim(),
            additional_info: values.additional_info.trim(),
          },
          payment_method: values.payment,
        },
        idempotencyKey: newIdempotencyKey(),
      });
      await navigate(operatorBookingPath(bookingNumber));
    } catch (error) {
      showIssues(error);
    } finally {
      setBooking(false);
    }
  };

  const vehicleError = form.formState.errors.vehicle?.message;

  return (
    <Box maxW="48rem">
      <Link asChild color="brand.fg" fontSize="sm" mb={3} display="inline-block">
        <RouterLink to={OPERATOR_ROUTES.bookings}>Back to bookings</RouterLink>
      </Link>
      <Heading as="h1" id={headingId} size="2xl" mb={2} color="gray.900">
        New booking
      </Heading>
      <Text color="gray.700" mb={5}>
        For a customer on the phone: a one-way journey or an hourly hire, priced as the website
        prices them.
      </Text>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <Flex direction="column" gap={5}>
          {failure ? <AlertMessage>{failure}</AlertMessage> : null}
          <Fieldset legend="Journey">
            <Box role="radiogroup" aria-label="Journey type" display="flex" gap={6}>
              {JOURNEY_KINDS.map(({ kind, label }) => (
                <RadioOption
                  key={kind}
                  name="kind"
                  value={kind}
                  checked={values.kind === kind}
                  onChange={(value) => journeyField('kind').onValueChange(value)}
                >
                  {label}
                </RadioOption>
              ))}
            </Box>
            {addressField('pickup', 'Pickup address')}
            {values.kind === 'hourly' ? (
              <SelectControlField id="new-duration" label="Hours" {...journeyField('duration')}>
                <Options options={DURATION_OPTIONS} />
              </SelectControlField>
            ) : (
              addressField('dropoff', 'Drop-off address')
            )}
            <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(4, 1fr)' }} gap={4}>
              <TextField
                id="new-date"
                label="Pickup date"
                type="date"
                {...journeyField('pickup_date')}
                required
              />
              <SelectControlField
                id="new-hour"
                label="Pickup hour"
                {...journeyField('pickup_hour')}
                required
              >
                <Options options={HOUR_OPTIONS} />
              </SelectControlField>
              <SelectControlField
                id="new-minute"
                label="Pickup minute"
                {...journeyField('pickup_min')}
                required
              >
                <Options options={MINUTE_SELECT} />
              </SelectControlField>
              <SelectControlField
                id="new-passengers"
                label="Passengers"
                {...journeyField('passengers')}
              >
                <Options options={PASSENGER_OPTIONS} />
              </SelectControlField>
              <SelectControlField id="new-luggages" label="Luggage" {...journeyField('luggages')}>
                <Options options={LUGGAGE_OPTIONS} />
              </SelectControlField>
              <TextField
                id="new-flight"
                label="Flight / train number"
                {...field('flight_no')}
                autoComplete="off"
              />
            </Box>
            <Button
              type="button"
              variant="outline"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={price.isPending}
              onClick={() => void getPrices()}
            >
              Get prices
            </Button>
          </Fieldset>

          {offers && offers.length ? (
            <Fieldset legend="Vehicle">
              <Box
                role="radiogroup"
                aria-label="Vehicle"
                aria-invalid={vehicleError ? true : undefined}
                aria-describedby={vehicleError ? 'new-vehicle-error' : undefined}
              >
                {offers.map((offer) => (
                  <RadioOption
                    key={offerKey(offer)}
                    name="vehicle"
                    value={offerKey(offer)}
                    checked={values.vehicle === offerKey(offer)}
                    onChange={(value) => set('vehicle', value)}
                  >
                    {`${offer.vehicle_type}, ${offer.company_name}, ${formatPounds(offer.final_price)}`}
                  </RadioOption>
                ))}
              </Box>
              {vehicleError ? (
                <Text id="new-vehicle-error" color="red.700" fontSize="sm">
                  {vehicleError}
                </Text>
              ) : null}
            </Fieldset>
          ) : null}

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
            <TextAreaField
              id="new-info"
              label="Additional info"
              {...field('additional_info')}
              rows={3}
            />
          </Fieldset>

          <Fieldset legend="Payment">
            <Box role="radiogroup" aria-label="Payment">
              {(['car', 'account'] as const).map((method) => (
                <RadioOption
                  key={method}
                  name="payment"
                  value={method}
                  checked={values.payment === method}
                  onChange={(value) => set('payment', value)}
                >
                  {CONSOLE_PAYMENT_METHOD_LABELS[method]}
                </RadioOption>
              ))}
            </Box>
          </Fieldset>

          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="flex-start"
            loading={booking}
            disabled={!offers?.length}
          >
            Create booking
          </Button>
        </Flex>
      </form>
    </Box>
  );
}
