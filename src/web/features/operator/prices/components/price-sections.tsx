import { Box } from '@chakra-ui/react';
import type {
  ChargesWire,
  FixedFaresResponse,
  RateCardWire,
} from '../../../../../contract/operator-prices';
import { LoadingBlock } from '../../../../components/loading-block';
import { Options } from '../../../../components/form/fields';
import { SelectControlField } from '../../components/select-control';
import type { PriceSave } from '../api/prices-api';
import { ChargesEditor } from './charges-editor';
import { FixedFaresEditor } from './fixed-fares-editor';
import {
  cardFields,
  chargesFields,
  faresFields,
  type CardDraft,
  type ChargesDraft,
  type FareDraft,
} from './price-drafts';
import { SaveButton, Section } from './price-section';
import { RateCardEditor } from './rate-card-editor';

/** How a part saves: the page's one save, its state, and the server's field messages. */
export interface SaveProps {
  saving: boolean;
  errorFor: (path: string) => string | undefined;
  run: (change: PriceSave, done: string) => Promise<void>;
}

type Edit<D> = readonly [D | null, (draft: D) => void];

export function CardSection({
  cards,
  card,
  onCategory,
  edit: [draft, setDraft],
  save,
}: {
  cards: RateCardWire[];
  card: RateCardWire;
  onCategory: (categoryId: number) => void;
  edit: Edit<CardDraft>;
  save: SaveProps;
}) {
  const categories = cards.map((c) => ({ value: String(c.category_id), label: c.category_name }));
  const body = draft ? { ...cardFields(draft), version: card.version } : null;
  return (
    <Section title="Rate card">
      <Box maxW="sm" mb={4}>
        <SelectControlField
          id="prices-category"
          label="Vehicle category"
          value={String(card.category_id)}
          onValueChange={(value) => onCategory(Number(value))}
        >
          <Options options={categories} />
        </SelectControlField>
      </Box>
      {draft ? <RateCardEditor draft={draft} onChange={setDraft} errorFor={save.errorFor} /> : null}
      <SaveButton
        saving={save.saving}
        onClick={() =>
          body &&
          void save.run(
            { kind: 'card', id: card.id, body },
            `The ${card.category_name} card is saved.`,
          )
        }
      >{`Save ${card.category_name} card`}</SaveButton>
    </Section>
  );
}

export function FaresSection({
  companyId,
  fares,
  edit: [draft, setDraft],
  save,
}: {
  companyId: number;
  fares: FixedFaresResponse | undefined;
  edit: Edit<FareDraft[]>;
  save: SaveProps;
}) {
  if (!draft || !fares) return <LoadingBlock label="Loading fixed fares…" />;
  const body = { company_id: companyId, version: fares.version, fixed_fares: faresFields(draft) };
  return (
    <Section title="Fixed fares">
      <FixedFaresEditor
        drafts={draft}
        zones={fares.zones}
        categories={fares.categories}
        onChange={setDraft}
        errorFor={save.errorFor}
      />
      <SaveButton
        saving={save.saving}
        onClick={() => void save.run({ kind: 'fares', body }, 'The fixed fares are saved.')}
      >
        Save fixed fares
      </SaveButton>
    </Section>
  );
}

export function ChargesSection({
  companyId,
  charges,
  edit: [draft, setDraft],
  save,
}: {
  companyId: number;
  charges: ChargesWire | undefined;
  edit: Edit<ChargesDraft>;
  save: SaveProps;
}) {
  if (!draft || !charges) return <LoadingBlock label="Loading charges…" />;
  const body = { ...chargesFields(draft), company_id: companyId, version: charges.version };
  return (
    <Section title="Charges">
      <ChargesEditor draft={draft} onChange={setDraft} errorFor={save.errorFor} />
      <SaveButton
        saving={save.saving}
        onClick={() => void save.run({ kind: 'charges', body }, 'The charges are saved.')}
      >
        Save charges
      </SaveButton>
    </Section>
  );
}
