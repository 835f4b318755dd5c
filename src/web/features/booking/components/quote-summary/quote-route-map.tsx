import { Box } from '@chakra-ui/react';
import type { QuotePlace } from '../../../../../contract/quotes';
import { stopAddress } from '../../../../../domain/booking-form';
import { RouteMap } from '../../../../components/route-map';
import type { BookingFormDraft, HourlyFormDraft } from '../../state/booking-drafts';

type QuoteRouteMapProps = {
  /** The GOOGLE_API_KEY setting. */
  apiKey: string | undefined;
  form: BookingFormDraft | HourlyFormDraft;
  /** The mileage form, for its route; undefined for an hourly hire, which maps the pickup. */
  mileage: BookingFormDraft | undefined;
  /** Where the server placed each address of the quote, by its form field ('stops.0'). */
  places: readonly QuotePlace[];
};

/** The quote summary's map: the route with its stops, or an hourly hire's pickup. */
export function QuoteRouteMap({ apiKey, form, mileage, places }: QuoteRouteMapProps) {
  const placedAt = (field: string) => places.find((place) => place.field === field) ?? null;
  return (
    <Box mt={4} rounded="md" overflow="hidden">
      <RouteMap
        apiKey={apiKey}
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
  );
}
