import { chakra, Container, Heading, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { SUBMISSION_MESSAGES } from '../../../../domain/messages';
import { todayInLondon } from '../../../../domain/uk-time';
import { useSettings } from '../../../api/get-settings';
import { FormNotices, type FormNotice } from '../../../components/form/form-notices';
import { FormSubmitBar } from '../../../components/form/form-submit-bar';
import { LoadingBlock } from '../../../components/loading-block';
import { OutboxList } from '../../../components/outbox-list';
import { StorageQuotaError } from '../../../offline/db';
import { useOutboxForm } from '../../../offline/use-outbox-form';
import { useSendQuoteNow } from '../api/send-quote-now';
import {
  EMPTY_QUOTE_NOW,
  prefillQuoteNow,
  type SavedSearch,
  QUOTE_NOW_FIELDS,
  QUOTE_NOW_LABELS as LABELS,
  quoteNowFieldOf,
  quoteNowFormSchema,
  toInstantQuoteRequest,
  type QuoteNowValues,
} from '../lib/quote-now-form';
import { QuoteNowFields } from './quote-now-fields';

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
  const send = useSendQuoteNow();
  const [notice, setNotice] = useState<FormNotice | null>(null);
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
      <QuoteNowFields
        field={field}
        set={set}
        today={today}
        googleApiKey={settings.GOOGLE_API_KEY}
      />
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
