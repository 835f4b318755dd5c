import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { LoadingBlock } from '../../../../components/loading-block';
import { Options } from '../../../../components/form/fields';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage } from '../../components/error-panel';
import { useOperator } from '../../components/operator-layout';
import { SelectControlField } from '../../components/select-control';
import {
  useCharges,
  useFixedFares,
  useRateCards,
  useSavePrices,
  useVersions,
  type PriceSave,
} from '../api/prices-api';
import { ChargesEditor } from './charges-editor';
import { FixedFaresEditor } from './fixed-fares-editor';
import { PriceHistory } from './price-history';
import {
  cardDraft,
  cardFields,
  chargesDraft,
  chargesFields,
  faresDraft,
  faresFields,
  issuesByPath,
  type CardDraft,
  type ChargesDraft,
  type FareDraft,
} from './price-drafts';
import { RateCardEditor } from './rate-card-editor';
import { TryQuote } from './try-quote';
import { ZonesAdmin } from './zones-admin';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" layerStyle="card" bg="white" p={{ base: 4, md: 5 }} mb={5}>
      <Heading as="h2" size="lg" mb={3}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** /operator/prices: a company's prices edited, tried on a journey, saved as versions, restored. */
export function PricesPage() {
  useDocumentTitle(`Prices — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  const everyCard = useRateCards(isAdmin ? null : operator.company_id);
  const companies = useMemo(() => {
    const byId = new Map<number, string>();
    for (const card of everyCard.data ?? []) byId.set(card.company_id, card.company_name);
    return [...byId].map(([id, name]) => ({ value: String(id), label: name }));
  }, [everyCard.data]);
  const [chosen, setChosen] = useState<number | null>(operator.company_id);
  const companyId = chosen ?? (companies[0] ? Number(companies[0].value) : null);
  const cards = (everyCard.data ?? []).filter((card) => card.company_id === companyId);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const card = cards.find((c) => c.category_id === categoryId) ?? cards[0];
  const fares = useFixedFares(companyId);
  const charges = useCharges(companyId);
  const versions = useVersions(companyId);
  const saving = useSavePrices();
  const [notice, setNotice] = useState('');

  const [cardEdit, setCardEdit] = useState<CardDraft | null>(null);
  const [chargesEdit, setChargesEdit] = useState<ChargesDraft | null>(null);
  const [faresEdit, setFaresEdit] = useState<FareDraft[] | null>(null);
  // A new company, card or save starts from what the server holds.
  useEffect(() => setCardEdit(card ? cardDraft(card) : null), [card?.id, card?.version]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setChargesEdit(charges.data ? chargesDraft(charges.data) : null), [charges.data]);
  useEffect(() => setFaresEdit(fares.data ? faresDraft(fares.data) : null), [fares.data]);

  const errorFor = issuesByPath(saving.error);
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
      <Box role="status" aria-live="polite" mb={notice ? 3 : 0}>
        {notice ? <Text color="green.800">{notice}</Text> : null}
      </Box>
      {saving.isError ? (
        <Box mb={3}>
          <AlertMessage>{saving.error.message}</AlertMessage>
        </Box>
      ) : null}
      {companyId === null || !card || !cardEdit ? (
        <Text>This company has no rate cards.</Text>
      ) : (
        <>
          <Section title="Rate card">
            <Box maxW="sm" mb={4}>
              <SelectControlField
                id="prices-category"
                label="Vehicle category"
                value={String(card.category_id)}
                onValueChange={(value) => setCategoryId(Number(value))}
              >
                <Options
                  options={cards.map((c) => ({
                    value: String(c.category_id),
                    label: c.category_name,
                  }))}
                />
              </SelectControlField>
            </Box>
            <RateCardEditor draft={cardEdit} onChange={setCardEdit} errorFor={errorFor} />
            <Button
              type="button"
              colorPalette="brand"
              mt={4}
              loading={saving.isPending}
              onClick={() =>
                void run(
                  {
                    kind: 'card',
                    id: card.id,
                    body: { ...cardFields(cardEdit), version: card.version },
                  },
                  `The ${card.category_name} card is saved.`,
                )
              }
            >
              Save {card.category_name} card
            </Button>
          </Section>
          <Section title="Fixed fares">
            {faresEdit && fares.data ? (
              <>
                <FixedFaresEditor
                  drafts={faresEdit}
                  zones={fares.data.zones}
                  categories={fares.data.categories}
                  onChange={setFaresEdit}
                  errorFor={errorFor}
                />
                <Button
                  type="button"
                  colorPalette="brand"
                  mt={4}
                  loading={saving.isPending}
                  onClick={() =>
                    void run(
                      {
                        kind: 'fares',
                        body: {
                          company_id: companyId,
                          version: fares.data.version,
                          fixed_fares: faresFields(faresEdit),
                        },
                      },
                      'The fixed fares are saved.',
                    )
                  }
                >
                  Save fixed fares
                </Button>
              </>
            ) : (
              <LoadingBlock label="Loading fixed fares…" />
            )}
          </Section>
          <Section title="Charges">
            {chargesEdit && charges.data ? (
              <>
                <ChargesEditor draft={chargesEdit} onChange={setChargesEdit} errorFor={errorFor} />
                <Button
                  type="button"
                  colorPalette="brand"
                  mt={4}
                  loading={saving.isPending}
                  onClick={() =>
                    void run(
                      {
                        kind: 'charges',
                        body: {
                          ...chargesFields(chargesEdit),
                          company_id: companyId,
                          version: charges.data.version,
                        },
                      },
                      'The charges are saved.',
                    )
                  }
                >
                  Save charges
                </Button>
              </>
            ) : (
              <LoadingBlock label="Loading charges…" />
            )}
          </Section>
          <Section title="Try a quote">
            <Text mb={3} color="gray.700">
              Today&apos;s price beside the price with your unsaved changes, and why.
            </Text>
            <TryQuote
              companyId={companyId}
              changes={() => ({
                rate_cards: [{ category_id: card.category_id, ...cardFields(cardEdit) }],
                ...(faresEdit ? { fixed_fares: faresFields(faresEdit) } : {}),
                ...(chargesEdit ? { charges: chargesFields(chargesEdit) } : {}),
              })}
            />
          </Section>
          <Section title="History">
            {versions.data ? (
              <PriceHistory
                versions={versions.data}
                restoring={saving.isPending}
                onRestore={(version) =>
                  void run(
                    { kind: 'restore', id: version.id },
                    `Version ${version.number} is restored.`,
                  )
                }
              />
            ) : (
              <LoadingBlock label="Loading history…" />
            )}
          </Section>
        </>
      )}
      {isAdmin ? <ZonesAdmin /> : null}
    </Box>
  );
}
