import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import type { SettingsMap } from '../../../../../domain/settings';
import { useBookingDrafts } from '../../state/booking-drafts';
import { QuoteOptions } from './quote-options';
import { QuoteRouteMap } from './quote-route-map';
import { SummaryRows, SummarySubHeading } from './summary-blocks';
import { distanceRows, hourlyDateRows, mileageDateRows, routeRows } from './summary-text';
import type { SavedOptions } from './use-save-options';

export type QuoteSummaryProps = {
  settings: SettingsMap;
  /** The header's 'Edit Quote' / 'Cancel' toggle; the personal details page hides it. */
  showEditToggle?: boolean;
  /** Whether the quote is being edited (the page shows the change-search popup meanwhile). */
  editing?: boolean;
  onEditingChange?: (editing: boolean) => void;
  /**
   * The Options block: the extras' rows with 'Edit Options' / 'Hide Options' (the edit-options
   * panel) and, for return trips, 'See Return Details' / 'Hide Return Details'.
   */
  showOptions?: boolean;
  /** After the edit-options panel saved the extras and priced the chosen vehicle again. */
  onOptionsSaved?: (saved: SavedOptions) => void;
};

/** 'Edit Quote' / 'Cancel': opens and closes the change-search popup. */
export function EditQuoteToggle({
  editing,
  onEditingChange,
}: Pick<QuoteSummaryProps, 'editing' | 'onEditingChange'>) {
  return (
    <Button
      type="button"
      size="sm"
      variant={editing ? 'outline' : 'solid'}
      colorPalette="brand"
      aria-haspopup="dialog"
      aria-expanded={editing}
      onClick={() => onEditingChange?.(!editing)}
    >
      {editing ? 'Cancel' : 'Edit Quote'}
    </Button>
  );
}

/**
 * The quote summary panel of the results and personal details pages (spec section 2): the
 * addresses, dates and times, distance and duration each way, the map and, where asked for, the
 * extras. It reads the saved booking, so every page shows the same quote.
 */
export function QuoteSummary({
  settings,
  showEditToggle = true,
  editing = false,
  onEditingChange,
  showOptions = false,
  onOptionsSaved,
}: QuoteSummaryProps) {
  const headingId = useId();
  const { drafts } = useBookingDrafts();

  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType ?? 'milleage';
  const mileage = bookingType === 'milleage' ? drafts.BookingForm : undefined;
  const hourly = bookingType === 'hourly' ? drafts.HourlyRateForm : undefined;
  const distance = drafts.PriceDetails?.distance ?? drafts.CalculatedDistance;
  const isReturn = mileage?.select_option === 'return';
  const form = mileage ?? hourly;

  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: 4, md: 5 }}>
      <Flex alignItems="center" justifyContent="space-between" gap={3} mb={3}>
        <Heading as="h2" id={headingId} size="lg" color="gray.900">
          Quote
        </Heading>
        {showEditToggle ? (
          <EditQuoteToggle editing={editing} onEditingChange={onEditingChange} />
        ) : null}
      </Flex>

      {mileage ? <SummaryRows rows={routeRows(mileage)} /> : null}
      {hourly ? <SummaryRows rows={[{ label: 'From', value: hourly.pickup }]} /> : null}

      {form ? (
        <>
          <SummarySubHeading>Date & Time</SummarySubHeading>
          <SummaryRows
            rows={mileage ? mileageDateRows(mileage) : hourly ? hourlyDateRows(hourly) : []}
          />
        </>
      ) : null}

      {mileage && distance ? (
        <Box mt={3}>
          <SummaryRows rows={distanceRows(distance, isReturn)} />
        </Box>
      ) : null}

      {form ? (
        <QuoteRouteMap
          apiKey={settings.GOOGLE_API_KEY}
          form={form}
          mileage={mileage}
          places={drafts.PriceDetails?.places ?? []}
        />
      ) : null}

      {showOptions && form ? (
        <QuoteOptions
          settings={settings}
          form={form}
          mileage={mileage}
          isReturn={isReturn}
          onOptionsSaved={onOptionsSaved}
        />
      ) : null}
    </Box>
  );
}
