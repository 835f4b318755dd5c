import { Box, Button, chakra, Container, Heading, Spinner, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { SUBMISSION_MESSAGES } from '../../../../domain/messages';
import { todayInLondon } from '../../../../domain/uk-time';
import { useSettings } from '../../../api/get-settings';
import { FormNotices, type FormNotice } from '../../../components/form/form-notices';
import { FormSubmitBar } from '../../../components/form/form-submit-bar';
import { MapPinIcon } from '../../../components/icons';
import { LoadingBlock } from '../../../components/loading-block';
import { OutboxList } from '../../../components/outbox-list';
import { AddressCombobox } from '../../../components/form/address-combobox';
import { TextAreaField, TextField } from '../../../components/form/fields';
import { locateUser } from '../../../lib/user-position';
import { useGoogleMaps } from '../../../lib/google-maps';
import { StorageQuotaError } from '../../../offline/db';
import { useOutboxForm } from '../../../offline/use-outbox-form';
import { useSendQuoteNow } from '../api/send-quote-now';
import {
  EMPTY_QUOTE_NOW,
  prefillQuoteNow,
  type SavedSearch,
  QUOTE_NOW_FIELDS,
  QUOTE_NOW_LABELS as LABELS,
  QUOTE_NOW_RANGES,
  quoteNowFieldOf,
  quoteNowFormSchema,
  toInstantQuoteRequest,
  type QuoteNowField,
  type QuoteNowValues,
} from '../lib/quote-now-form';

/** The pick-up text for the visitor's position when no geocoder can name the street. */
function positionText(point: { lat: number; lng: number }): string {
  return `Current location (${point.lat.toFixed(5)}, ${point.lng.toFixed(5)})`;
}

const id = (field: QuoteNowField) => `quote-now-${field}`;

/** The form's checks: its schema, over what the inputs hold as typed. */
function checks(today: string): Resolver<QuoteNowValues> {
  return zodResolver(quoteNowFormSchema(today));
}

type QuoteNowFormProps = {
  initial: QuoteNowValues;
  /** Once the quote is sent or saved to go later: app/ drops the search it was filled from. */
  onSent: () => void;
};

function QuoteNowForm({ initial, onSent }: QuoteNowFormProps) {
  const { settings } = useSettings();
  const googleApiKey = settings.GOOGLE_API_KEY;
  const maps = useGoogleMaps(googleApiKey);
  const send = useSendQuoteNow();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [locating, setLocating] = useState(false);
  const today = todayInLondon(new Date());
  const resolver = useMemo(() => checks(today), [today]);
  const { field, set, submit } = useOutboxForm({
    initial,
    empty: EMPTY_QUOTE_NOW,
    resolver,
    send: (current) => send.mutateAsync(toInstantQuoteRequest(current)),
    busy: send.isPending,
    issues: { fieldOf: quoteNowFieldOf, labels: LABELS, order: QUOTE_NOW_FIELDS },
  });

  /** The marker: the visitor's position becomes the pick-up; failures are logged only. */
  const locateHere = async () => {
    setLocating(true);
    try {
      const point = await locateUser();
      let text = positionText(point);
      if (maps.isLoaded) {
        try {
          const { googleAddressAt } = await import('../../../lib/google-places');
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

  const onSubmit = submit({
    onStart: () => setNotice(null),
    onDone: (result) => {
      setNotice(
        result.status === 'sent'
          ? { tone: 'success', text: SUBMISSION_MESSAGES.quoteSent }
          : {
              tone: 'queued',
              text: SUBMISSION_MESSAGES.queuedOffline,
              idempotencyKey: result.idempotencyKey,
              sentText: SUBMISSION_MESSAGES.quoteSent,
            },
      );
      onSent();
    },
    onFailed: (error) => {
      const extra = error instanceof StorageQuotaError ? ` ${error.message}` : '';
      setNotice({ tone: 'error', text: `${SUBMISSION_MESSAGES.quoteFailed}${extra}` });
    },
  });

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
  const twoColumns = { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' };

  return (
    <chakra.form
      noValidate
      aria-label="Quote Now"
      aria-busy={send.isPending}
      onSubmit={(event) => void onSubmit(event)}
      layerStyle="card"
      p={{ base: 4, md: 6 }}
    >
      <FormNotices notice={notice} />
      <Box display="grid" gap={4} gridTemplateColumns={twoColumns}>
        <AddressCombobox
          label={LABELS.pickup}
          name="pickup"
          value={pickup.value}
          error={pickup.error}
          inputRef={pickup.ref}
          googleApiKey={googleApiKey}
          onChange={pickup.onValueChange}
          onPick={(option) => pickup.onValueChange(option.address)}
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
      <FormSubmitBar busy={send.isPending} label="SEND" busyLabel="wait" />
    </chakra.form>
  );
}

/**
 * /quoteView, the Quote Now or urgent booking request (spec section 2): the journey and how to
 * reach the visitor, prefilled from the saved search, sent to the operator by email. Offline,
 * the request is saved and goes when the connection returns.
 */
export function QuoteNowPage({
  saved,
  onSent,
}: {
  /** The visitor's saved search; undefined while it is read. */
  saved: SavedSearch | undefined;
  onSent: () => void;
}) {
  return (
    <Container maxW="4xl" py={{ base: 8, md: 12 }}>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        Quote Now
      </Heading>
      <Text color="gray.700" mb={6}>
        Need a ride at short notice, or a journey the instant quote cannot price? Send us the
        details and we will come back to you with a quote.
      </Text>
      {saved ? (
        <QuoteNowForm initial={prefillQuoteNow(saved)} onSent={onSent} />
      ) : (
        <LoadingBlock label="Loading your saved journey" />
      )}
      <OutboxList />
    </Container>
  );
}
