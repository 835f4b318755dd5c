import { Box, Button, chakra, Container, Heading, Spinner, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { SUBMISSION_MESSAGES } from '../../../../domain/messages';
import { todayInLondon } from '../../../../domain/uk-time';
import { useSettings } from '../../../api/get-settings';
import { MapPinIcon } from '../../../components/icons';
import { LoadingBlock } from '../../../components/loading-block';
import { OutboxList } from '../../../components/outbox-list';
import { AddressCombobox } from '../../../components/quote-form/address-combobox';
import { errorProps, Field, TextInput } from '../../../components/quote-form/fields';
import { locateUser } from '../../../components/quote-form/user-position';
import { ApiError } from '../../../lib/api-client';
import { useGoogleMaps } from '../../../lib/google-maps';
import {
  removeBookingDraft,
  useBookingDrafts,
  type BookingDraftKey,
} from '../../../offline/booking-drafts';
import { StorageQuotaError } from '../../../offline/db';
import { useSendQuoteNow } from '../api/send-quote-now';
import {
  EMPTY_QUOTE_NOW,
  prefillQuoteNow,
  QUOTE_NOW_FIELDS,
  QUOTE_NOW_LABELS as LABELS,
  QUOTE_NOW_RANGES,
  serverErrors,
  toInstantQuoteRequest,
  validateQuoteNow,
  type QuoteNowErrors,
  type QuoteNowField,
  type QuoteNowValues,
} from '../lib/quote-now-form';

type Notice = { tone: 'success' | 'queued' | 'error'; text: string };

const Textarea = chakra('textarea', {
  base: {
    display: 'block',
    width: '100%',
    minHeight: '28',
    px: '3',
    py: '2',
    bg: 'white',
    color: 'gray.900',
    fontSize: 'md',
    borderWidth: '1px',
    borderColor: 'gray.400',
    borderRadius: 'md',
    _hover: { borderColor: 'gray.500' },
    _invalid: { borderColor: 'red.600', borderWidth: '2px' },
  },
});

const NOTICE_COLOURS = {
  success: { borderColor: 'green.300', bg: 'green.50', color: 'green.900' },
  queued: { borderColor: 'blue.200', bg: 'blue.50', color: 'blue.900' },
  error: { borderColor: 'red.300', bg: 'red.50', color: 'red.800' },
} as const;

/**
 * The outcome of the last SEND: the sent and saved notes in a polite status region, the failure
 * in an alert region. Both regions stay in the page while empty, so each new text is announced.
 */
function Notices({ notice }: { notice: Notice | null }) {
  const box = (tones: Notice['tone'][]) =>
    notice && tones.includes(notice.tone) ? (
      <Box
        borderWidth="1px"
        borderRadius="md"
        px={3}
        py={2}
        mb={4}
        {...NOTICE_COLOURS[notice.tone]}
      >
        {notice.text}
      </Box>
    ) : null;
  return (
    <>
      <Box role="status" aria-live="polite">
        {box(['success', 'queued'])}
      </Box>
      <Box role="alert">{box(['error'])}</Box>
    </>
  );
}

/** The pick-up text for the visitor's position when no geocoder can name the street. */
function positionText(point: { lat: number; lng: number }): string {
  return `Current location (${point.lat.toFixed(5)}, ${point.lng.toFixed(5)})`;
}

type QuoteNowFormProps = {
  initial: QuoteNowValues;
  /** The saved search the form was filled from: removed once the quote is sent or saved. */
  source: BookingDraftKey | undefined;
};

function QuoteNowForm({ initial, source }: QuoteNowFormProps) {
  const { settings } = useSettings();
  const googleApiKey = settings.GOOGLE_API_KEY;
  const maps = useGoogleMaps(googleApiKey);
  const send = useSendQuoteNow();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<QuoteNowErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [locating, setLocating] = useState(false);
  // Controls are found by name when needed (focus, the number input's own verdict).
  const formRef = useRef<HTMLFormElement>(null);
  const control = (field: QuoteNowField) => {
    const element = formRef.current?.elements.namedItem(field);
    return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
      ? element
      : undefined;
  };
  const today = todayInLondon(new Date());

  const set = (field: QuoteNowField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const focusFirst = (found: QuoteNowErrors) => {
    const first = QUOTE_NOW_FIELDS.find((field) => found[field]);
    if (first) control(first)?.focus();
  };

  /** The marker: the visitor's position becomes the pick-up; failures are logged only. */
  const locateHere = async () => {
    setLocating(true);
    try {
      const point = await locateUser();
      let text = positionText(point);
      if (maps.isLoaded) {
        try {
          const { googleAddressAt } = await import('../../../components/quote-form/google-places');
          text = await googleAddressAt(point);
        } catch (error) {
          console.error('Could not find the address of the current location', error);
        }
      }
      set('pickup', text);
    } catch (error) {
      console.error('Could not read the current location', error);
    } finally {
      setLocating(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const telephone = control('telephone');
    const found = validateQuoteNow(values, {
      today,
      badTelephone: telephone instanceof HTMLInputElement && telephone.validity.badInput,
    });
    setErrors(found);
    setNotice(null);
    if (QUOTE_NOW_FIELDS.some((field) => found[field])) {
      focusFirst(found);
      return;
    }
    try {
      const result = await send.mutateAsync(toInstantQuoteRequest(values));
      // Sent or safely saved to go later: either way the form has done its job.
      setValues(EMPTY_QUOTE_NOW);
      setNotice(
        result === 'sent'
          ? { tone: 'success', text: SUBMISSION_MESSAGES.quoteSent }
          : { tone: 'queued', text: SUBMISSION_MESSAGES.queuedOffline },
      );
      if (source) {
        void removeBookingDraft(source).catch((error: unknown) =>
          console.error('Could not remove the saved booking form', error),
        );
      }
    } catch (error) {
      const extra = error instanceof StorageQuotaError ? ` ${error.message}` : '';
      setNotice({ tone: 'error', text: `${SUBMISSION_MESSAGES.quoteFailed}${extra}` });
      if (error instanceof ApiError) {
        const fromServer = serverErrors(error.issues);
        setErrors(fromServer);
        focusFirst(fromServer);
      }
    }
  };

  const id = (field: QuoteNowField) => `quote-now-${field}`;
  const input = (
    field: QuoteNowField,
    props: { type: string; min?: number | string; max?: number; autoComplete?: string },
  ) => (
    <Field id={id(field)} label={LABELS[field]} error={errors[field]}>
      <TextInput
        id={id(field)}
        name={field}
        {...props}
        {...(props.type === 'number' ? { inputMode: 'numeric' as const, step: 1 } : {})}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        {...errorProps(id(field), errors[field])}
      />
    </Field>
  );

  const twoColumns = { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' };

  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label="Quote Now"
      aria-busy={send.isPending}
      onSubmit={(event) => void onSubmit(event)}
      layerStyle="card"
      p={{ base: 4, md: 6 }}
    >
      <Notices notice={notice} />
      <Box display="grid" gap={4} gridTemplateColumns={twoColumns}>
        <AddressCombobox
          label={LABELS.pickup}
          name="pickup"
          value={values.pickup}
          error={errors.pickup}
          googleApiKey={googleApiKey}
          onChange={(text) => set('pickup', text)}
          onPick={(option) => set('pickup', option.address)}
          endElement={
            <Button
              type="button"
              variant="outline"
              h="11"
              minW="11"
              px="0"
              flexShrink={0}
              aria-label="Use my current location"
              title="Use my current location"
              disabled={locating}
              onClick={() => void locateHere()}
            >
              {locating ? <Spinner size="sm" /> : <MapPinIcon />}
            </Button>
          }
        />
        <AddressCombobox
          label={LABELS.dropoff}
          name="dropoff"
          value={values.dropoff}
          error={errors.dropoff}
          googleApiKey={googleApiKey}
          onChange={(text) => set('dropoff', text)}
          onPick={(option) => set('dropoff', option.address)}
        />
        {input('date', { type: 'date', min: today })}
        {input('time', { type: 'time' })}
        {input('email', { type: 'email', autoComplete: 'email' })}
        {input('telephone', { type: 'number', autoComplete: 'tel' })}
        {input('luggages', { type: 'number', ...QUOTE_NOW_RANGES.luggages })}
        {input('passengers', { type: 'number', ...QUOTE_NOW_RANGES.passengers })}
        <Box gridColumn={{ md: 'span 2' }}>
          {input('passengerName', { type: 'text', autoComplete: 'name' })}
        </Box>
        <Box gridColumn={{ md: 'span 2' }}>
          <Field id={id('comments')} label={LABELS.comments} error={errors.comments}>
            <Textarea
              id={id('comments')}
              name="comments"
              rows={4}
              value={values.comments}
              onChange={(event) => set('comments', event.target.value)}
              {...errorProps(id('comments'), errors.comments)}
            />
          </Field>
        </Box>
      </Box>
      <Box display="flex" justifyContent={{ base: 'stretch', md: 'flex-end' }} mt={6}>
        <Button
          type="submit"
          size="lg"
          colorPalette="brand"
          minW="40"
          w={{ base: 'full', md: 'auto' }}
          disabled={send.isPending}
        >
          {send.isPending ? 'wait' : 'SEND'}
        </Button>
      </Box>
    </chakra.form>
  );
}

/**
 * /quoteView, the Quote Now or urgent booking request (spec section 2): the journey and how to
 * reach the visitor, prefilled from the saved search, sent to the operator by email. Offline,
 * the request is saved and goes when the connection returns.
 */
export function QuoteNowPage() {
  const { ready, drafts } = useBookingDrafts();
  const source: BookingDraftKey | undefined =
    drafts.BookingType === 'hourly' && drafts.HourlyRateForm
      ? 'HourlyRateForm'
      : drafts.BookingForm
        ? 'BookingForm'
        : undefined;
  return (
    <Container maxW="4xl" py={{ base: 8, md: 12 }}>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        Quote Now
      </Heading>
      <Text color="gray.700" mb={6}>
        Need a ride at short notice, or a journey the instant quote cannot price? Send us the
        details and we will come back to you with a quote.
      </Text>
      {ready ? (
        <QuoteNowForm initial={prefillQuoteNow(drafts)} source={source} />
      ) : (
        <LoadingBlock label="Loading your saved journey" />
      )}
      <OutboxList />
    </Container>
  );
}
