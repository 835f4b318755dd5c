import { outwardLegExtras, returnLegExtras } from '../../../../../domain/leg-extras';
import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { stopAddress } from '../../../../../domain/booking-form';
import type { SettingsMap } from '../../../../../domain/settings';
import { useBookingDrafts } from '../../state/booking-drafts';
import { DetailRows } from '../../../../components/detail-rows';
import { RouteMap } from '../../../../components/route-map';
import { EditOptionsForm, type SavedOptions } from './edit-options-form';
import {
  distanceRows,
  hourlyDateRows,
  mileageDateRows,
  optionRows,
  routeRows,
  type SummaryRow,
} from './summary-text';

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

function Rows({ rows }: { rows: readonly SummaryRow[] }) {
  if (rows.length === 0) return null;
  return <DetailRows rows={rows} labelWidth="7rem" />;
}

function SubHeading({ children }: { children: string }) {
  return (
    <Heading as="h3" size="sm" mt={4} mb={2} color="gray.900">
      {children}
    </Heading>
  );
}

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
  const optionsPanelId = useId();
  const returnDetailsId = useId();
  const { drafts } = useBookingDrafts();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);

  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType ?? 'milleage';
  const mileage = bookingType === 'milleage' ? drafts.BookingForm : undefined;
  const hourly = bookingType === 'hourly' ? drafts.HourlyRateForm : undefined;
  const distance = drafts.PriceDetails?.distance ?? drafts.CalculatedDistance;
  const isReturn = mileage?.select_option === 'return';
  const form = mileage ?? hourly;
  // Where the server placed each address of the quote, by its form field ('stops.0').
  const places = drafts.PriceDetails?.places ?? [];
  const placedAt = (field: string) => places.find((place) => place.field === field) ?? null;

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

      {mileage ? <Rows rows={routeRows(mileage)} /> : null}
      {hourly ? <Rows rows={[{ label: 'From', value: hourly.pickup }]} /> : null}

      {form ? (
        <>
          <SubHeading>Date & Time</SubHeading>
          <Rows rows={mileage ? mileageDateRows(mileage) : hourly ? hourlyDateRows(hourly) : []} />
        </>
      ) : null}

      {mileage && distance ? (
        <Box mt={3}>
          <Rows rows={distanceRows(distance, isReturn)} />
        </Box>
      ) : null}

      {form ? (
        <Box mt={4} rounded="md" overflow="hidden">
          <RouteMap
            apiKey={settings.GOOGLE_API_KEY}
            mode={mileage ? 'route' : 'pickup'}
            label={mileage ? 'Map of the route' : 'Map of the pickup'}
            pickup={{
              address: form.pickup,
              location: form.pickup_location,
              placed: placedAt('pickup'),
            }}
            dropoff={
              mileage
                ? {
                    address: mileage.dropoff,
                    location: mileage.dropoff_location,
                    placed: placedAt('dropoff'),
                  }
                : undefined
            }
            stops={mileage?.stops
              .map((stop, index) => ({
                address: stopAddress(stop),
                location: stop.location,
                placed: placedAt(`stops.${index}`),
              }))
              .filter((stop) => stop.address !== '')}
          />
        </Box>
      ) : null}

      {showOptions && form ? (
        <Box mt={2}>
          <SubHeading>Options</SubHeading>
          <Rows rows={optionRows(outwardLegExtras(form), settings, isReturn)} />
          {isReturn && returnOpen && mileage ? (
            <Box id={returnDetailsId} mt={3}>
              <SubHeading>Return Details</SubHeading>
              <Rows rows={optionRows(returnLegExtras(mileage), settings, null)} />
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
      ) : null}
    </Box>
  );
}
