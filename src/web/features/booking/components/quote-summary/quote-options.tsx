import { outwardLegExtras, returnLegExtras } from '../../../../../domain/leg-extras';
import { Box, Button, Flex } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { SettingsMap } from '../../../../../domain/settings';
import type { BookingFormDraft, HourlyFormDraft } from '../../state/booking-drafts';
import { EditOptionsForm } from './edit-options-form';
import { SummaryRows, SummarySubHeading } from './summary-blocks';
import { optionRows } from './summary-text';
import type { SavedOptions } from './use-save-options';

type QuoteOptionsProps = {
  settings: SettingsMap;
  form: BookingFormDraft | HourlyFormDraft;
  /** The mileage form, for a return trip's own extras. */
  mileage: BookingFormDraft | undefined;
  isReturn: boolean;
  onOptionsSaved?: ((saved: SavedOptions) => void) | undefined;
};

/**
 * The quote summary's Options block: the extras' rows with 'Edit Options' / 'Hide Options' (the
 * edit-options panel) and, for return trips, 'See Return Details' / 'Hide Return Details'.
 */
export function QuoteOptions({
  settings,
  form,
  mileage,
  isReturn,
  onOptionsSaved,
}: QuoteOptionsProps) {
  const optionsPanelId = useId();
  const returnDetailsId = useId();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);

  return (
    <Box mt={2}>
      <SummarySubHeading>Options</SummarySubHeading>
      <SummaryRows rows={optionRows(outwardLegExtras(form), settings, isReturn)} />
      {isReturn && returnOpen && mileage ? (
        <Box id={returnDetailsId} mt={3}>
          <SummarySubHeading>Return Details</SummarySubHeading>
          <SummaryRows rows={optionRows(returnLegExtras(mileage), settings, null)} />
        </Box>
      ) : null}
      <Flex gap={2} mt={3} flexWrap="wrap">
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-expanded={optionsOpen}
          aria-controls={optionsOpen ? optionsPanelId : undefined}
          onClick={() => setOptionsOpen((open) => !open)}
        >
          {optionsOpen ? 'Hide Options' : 'Edit Options'}
        </Button>
        {isReturn ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={returnOpen}
            aria-controls={returnOpen ? returnDetailsId : undefined}
            onClick={() => setReturnOpen((open) => !open)}
          >
            {returnOpen ? 'Hide Return Details' : 'See Return Details'}
          </Button>
        ) : null}
      </Flex>
      {optionsOpen ? (
        <Box id={optionsPanelId} mt={3}>
          <EditOptionsForm
            settings={settings}
            onCancel={() => setOptionsOpen(false)}
            onSaved={(saved) => {
              setOptionsOpen(false);
              onOptionsSaved?.(saved);
            }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
