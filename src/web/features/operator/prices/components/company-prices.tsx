import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { RateCardWire } from '../../../../../contract/operator-prices';
import { LoadingBlock } from '../../../../components/loading-block';
import { useCharges, useFixedFares, useVersions, type PriceSave } from '../api/prices-api';
import { PriceHistory } from './price-history';
import {
  cardDraft,
  cardFields,
  chargesDraft,
  chargesFields,
  faresDraft,
  faresFields,
} from './price-drafts';
import { Section } from './price-section';
import { CardSection, ChargesSection, FaresSection, type SaveProps } from './price-sections';
import { TryQuote } from './try-quote';
import { useDraft } from './use-draft';

/** One company's prices: a card, its fixed fares and charges, Try a quote and History. */
export function CompanyPrices({
  companyId,
  cards,
  save,
}: {
  companyId: number;
  cards: RateCardWire[];
  save: SaveProps;
}) {
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const card = cards.find((c) => c.category_id === categoryId) ?? cards[0]!;
  const fares = useFixedFares(companyId);
  const charges = useCharges(companyId);
  const versions = useVersions(companyId);
  // The drafts live here, so Try a quote prices every unsaved change at once.
  const cardEdit = useDraft(card, `${card.id}:${card.version}`, cardDraft);
  const faresEdit = useDraft(fares.data, `${fares.data?.version}`, faresDraft);
  const chargesEdit = useDraft(charges.data, `${charges.data?.version}`, chargesDraft);
  const [cardDraftNow, faresNow, chargesNow] = [cardEdit[0], faresEdit[0], chargesEdit[0]];
  const restore = (change: PriceSave, done: string) => void save.run(change, done);
  return (
    <>
      <CardSection
        cards={cards}
        card={card}
        onCategory={setCategoryId}
        edit={cardEdit}
        save={save}
      />
      <FaresSection companyId={companyId} fares={fares.data} edit={faresEdit} save={save} />
      <ChargesSection companyId={companyId} charges={charges.data} edit={chargesEdit} save={save} />
      <Section title="Try a quote">
        <Text mb={3} color="gray.700">
          Today&apos;s price beside the price with your unsaved changes, and why.
        </Text>
        <TryQuote
          companyId={companyId}
          changes={() => ({
            ...(cardDraftNow
              ? { rate_cards: [{ category_id: card.category_id, ...cardFields(cardDraftNow) }] }
              : {}),
            ...(faresNow ? { fixed_fares: faresFields(faresNow) } : {}),
            ...(chargesNow ? { charges: chargesFields(chargesNow) } : {}),
          })}
        />
      </Section>
      <Section title="History">
        {versions.data ? (
          <PriceHistory
            versions={versions.data}
            restoring={save.saving}
            onRestore={(version) =>
              restore({ kind: 'restore', id: version.id }, `Version ${version.number} is restored.`)
            }
          />
        ) : (
          <LoadingBlock label="Loading history…" />
        )}
      </Section>
    </>
  );
}
