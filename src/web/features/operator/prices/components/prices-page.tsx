import { Box, Heading, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { RateCardWire } from '../../../../../contract/operator-prices';
import { LoadingBlock } from '../../../../components/loading-block';
import { Options } from '../../../../components/form/fields';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage } from '../../../../components/status-panels';
import { useOperator } from '../../components/operator-layout';
import { SelectControlField } from '../../components/select-control';
import { useRateCards, useSavePrices, type PriceSave } from '../api/prices-api';
import { CompanyPrices } from './company-prices';
import { issuesByPath } from './price-drafts';
import { ZonesAdmin } from './zones-admin';
import { PageNotice } from '../../components/page-notice';

/** The companies the admin can choose, from every company's cards. */
function companiesOf(cards: RateCardWire[] | undefined) {
  const byId = new Map<number, string>();
  for (const card of cards ?? []) byId.set(card.company_id, card.company_name);
  return [...byId].map(([id, name]) => ({ value: String(id), label: name }));
}

/** /operator/prices: a company's prices edited, tried on a journey, saved as versions, restored. */
export function PricesPage() {
  useDocumentTitle(`Prices — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  const everyCard = useRateCards(isAdmin ? null : operator.company_id);
  const companies = useMemo(() => companiesOf(everyCard.data), [everyCard.data]);
  const [chosen, setChosen] = useState<number | null>(operator.company_id);
  const companyId = chosen ?? (companies[0] ? Number(companies[0].value) : null);
  const saving = useSavePrices();
  const [notice, setNotice] = useState('');
  const run = async (change: PriceSave, done: string) => {
    setNotice('');
    try {
      await saving.mutateAsync(change);
      setNotice(done);
    } catch {
      // Shown from saving.error, under the fields it names.
    }
  };

  if (everyCard.isPending) return <LoadingBlock label="Loading prices…" />;
  if (everyCard.isError) return <AlertMessage>{everyCard.error.message}</AlertMessage>;
  const cards = everyCard.data.filter((card) => card.company_id === companyId);
  return (
    <Box>
      <Heading as="h1" size="2xl" color="gray.900" mb={4}>
        Prices
      </Heading>
      {isAdmin ? (
        <Box maxW="sm" mb={4}>
          <SelectControlField
            id="prices-company"
            label="Company"
            value={String(companyId ?? '')}
            onValueChange={(value) => setChosen(Number(value))}
          >
            <Options options={companies} />
          </SelectControlField>
        </Box>
      ) : null}
      <PageNotice notice={notice} />
      {saving.isError ? (
        <Box mb={3}>
          <AlertMessage>{saving.error.message}</AlertMessage>
        </Box>
      ) : null}
      {companyId === null || cards.length === 0 ? (
        <Text>This company has no rate cards.</Text>
      ) : (
        <CompanyPrices
          key={companyId}
          companyId={companyId}
          cards={cards}
          save={{ saving: saving.isPending, errorFor: issuesByPath(saving.error), run }}
        />
      )}
      {isAdmin ? <ZonesAdmin /> : null}
    </Box>
  );
}
