import { Button, chakra, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect, useState, type ComponentProps } from 'react';
import type { ZoneWire } from '../../../../../contract/operator-zones';
import { errorProps, Field, TextField, TextInput } from '../../../../components/form/fields';
import type { useSaveZones, ZoneBody } from '../api/zones-api';
import { issuesByPath } from './price-drafts';

/** The form's values as typed. */
type ZoneValues = {
  name: string;
  lat: string;
  lng: string;
  radius_km: string;
  is_airport: boolean;
  iata_code: string;
  flight_buffer_minutes: string;
};

function valuesOf(zone: ZoneWire | null): ZoneValues {
  return {
    name: zone?.name ?? '',
    lat: zone ? String(zone.lat) : '',
    lng: zone ? String(zone.lng) : '',
    radius_km: zone ? String(zone.radius_km) : '',
    is_airport: zone?.is_airport ?? false,
    iata_code: zone?.iata_code ?? '',
    flight_buffer_minutes: zone?.flight_buffer_minutes?.toString() ?? '',
  };
}

/** Typed text as a number; empty is not one, for the server to refuse under its field. */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * What the form sends. A zone that is not an airport has no code or buffer (the server refuses
 * them on one); an empty code means flights are not tracked, an empty buffer the default.
 */
function bodyOf(zone: ZoneValues): ZoneBody {
  const airport = zone.is_airport;
  const buffer = zone.flight_buffer_minutes.trim();
  return {
    name: zone.name,
    lat: num(zone.lat),
    lng: num(zone.lng),
    radius_km: num(zone.radius_km),
    is_airport: airport,
    iata_code: airport ? zone.iata_code.trim() || null : null,
    flight_buffer_minutes: airport && buffer !== '' ? num(buffer) : null,
  };
}

/**
 * Add zone, or Save zone for the one being edited (`editing`): the place, whether it is an
 * airport and, for an airport, the code flights are tracked to and the meeting buffer.
 */
export function ZoneForm({
  save,
  editing,
  onDone,
}: {
  save: ReturnType<typeof useSaveZones>;
  editing: ZoneWire | null;
  onDone: () => void;
}) {
  const [zone, setZone] = useState(() => valuesOf(editing));
  const errorFor = issuesByPath(save.error);
  // Edit is pressed in the list above: the form it fills may be out of sight.
  useEffect(() => {
    if (editing) document.getElementById('zone-name')?.focus();
  }, [editing]);
  const field = (key: 'name' | 'lat' | 'lng' | 'radius_km', id: string, label: string) => (
    <TextField
      id={id}
      label={label}
      value={zone[key]}
      onValueChange={(value) => setZone({ ...zone, [key]: value })}
      error={errorFor(key)}
    />
  );
  const title = editing ? `Edit ${editing.name}` : 'Add a zone';
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        const body = bodyOf(zone);
        const done = {
          onSuccess: () => {
            setZone(valuesOf(null));
            onDone();
          },
        };
        if (editing) save.mutate({ kind: 'edit-zone', id: editing.id, body }, done);
        else save.mutate({ kind: 'add-zone', body }, done);
      }}
    >
      <Heading as="h3" size="md" mb={2}>
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 4 }} gap={3}>
        {field('name', 'zone-name', 'Zone name')}
        {field('lat', 'zone-lat', 'Centre latitude')}
        {field('lng', 'zone-lng', 'Centre longitude')}
        {field('radius_km', 'zone-radius', 'Radius (km)')}
      </SimpleGrid>
      <chakra.label display="flex" alignItems="center" gap={2} minH="44px">
        <input
          type="checkbox"
          checked={zone.is_airport}
          onChange={(e) => setZone({ ...zone, is_airport: e.target.checked })}
        />
        Airport zone
      </chakra.label>
      {zone.is_airport ? <FlightFields zone={zone} setZone={setZone} errorFor={errorFor} /> : null}
      <Flex gap={3} mt={3}>
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {editing ? 'Save zone' : 'Add zone'}
        </Button>
        {editing ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </Flex>
    </form>
  );
}

/** An airport zone's flight tracking (issue 35): its IATA code and meeting buffer. */
function FlightFields({
  zone,
  setZone,
  errorFor,
}: {
  zone: ZoneValues;
  setZone: (zone: ZoneValues) => void;
  errorFor: (path: string) => string | undefined;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
      <HintedField
        id="zone-iata"
        label="Airport code (IATA)"
        hint="Flights landing at this code are tracked for pickups here. Empty: not tracked."
        error={errorFor('iata_code')}
        placeholder="LHR"
        autoCapitalize="characters"
        value={zone.iata_code}
        onChange={(e) => setZone({ ...zone, iata_code: e.target.value.toUpperCase() })}
      />
      <HintedField
        id="zone-buffer"
        label="Meeting buffer (minutes)"
        hint="Minutes from landing to meeting the passenger. Empty: the default, FLIGHT_BUFFER_MINUTES (45 unless set)."
        error={errorFor('flight_buffer_minutes')}
        type="number"
        inputMode="numeric"
        min={0}
        max={240}
        step={1}
        placeholder="Default"
        value={zone.flight_buffer_minutes}
        onChange={(e) => setZone({ ...zone, flight_buffer_minutes: e.target.value })}
      />
    </SimpleGrid>
  );
}

/** A labelled input with a line of help under it, read out with the input as its error is. */
function HintedField({
  id,
  label,
  hint,
  error,
  ...input
}: ComponentProps<typeof TextInput> & { id: string; label: string; hint: string; error?: string }) {
  const described = errorProps(id, error);
  return (
    <Field id={id} label={label} error={error}>
      <TextInput
        id={id}
        {...input}
        {...described}
        aria-describedby={[`${id}-hint`, described['aria-describedby']].filter(Boolean).join(' ')}
      />
      <Text id={`${id}-hint`} fontSize="sm" color="gray.600" mt={1}>
        {hint}
      </Text>
    </Field>
  );
}
