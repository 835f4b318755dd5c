import { Button, Spinner } from '@chakra-ui/react';
import { useState } from 'react';
import { AddressCombobox } from '../../../components/form/address-combobox';
import { MapPinIcon } from '../../../components/icons';
import { useGoogleMaps } from '../../../lib/google-maps';
import { locateUser } from '../../../lib/user-position';
import type { useOutboxForm } from '../../../offline/use-outbox-form';
import type { QuoteNowValues } from '../lib/quote-now-form';

/** The pick-up text for the visitor's position when no geocoder can name the street. */
function positionText(point: { lat: number; lng: number }): string {
  return `Current location (${point.lat.toFixed(5)}, ${point.lng.toFixed(5)})`;
}

type CurrentLocationPickupProps = {
  label: string;
  /** The pick-up control's props from the form. */
  pickup: ReturnType<ReturnType<typeof useOutboxForm<QuoteNowValues>>['field']>;
  googleApiKey: string | undefined;
  /** The visitor's position, named by Google when it can be, becomes the pick-up. */
  onLocated: (text: string) => void;
};

/** The Quote Now pick-up with suggestions and the current-location marker. */
export function CurrentLocationPickup({
  label,
  pickup,
  googleApiKey,
  onLocated,
}: CurrentLocationPickupProps) {
  const maps = useGoogleMaps(googleApiKey);
  const [locating, setLocating] = useState(false);

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
      onLocated(text);
    } catch (error) {
      console.error('Could not read the current location', error);
    } finally {
      setLocating(false);
    }
  };

  return (
    <AddressCombobox
      label={label}
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
  );
}
