import { Button, chakra, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateGB } from '../../../../../domain/time';
import { Options, TextField } from '../../../../components/form/fields';
import { AlertMessage } from '../../../../components/status-panels';
import { SelectControlField } from '../../components/select-control';
import { useBankHolidays, useSaveZones, useZones } from '../api/zones-api';
import { issuesByPath } from './price-drafts';
import { Section } from './price-section';
import { ZonesSketch } from './zones-sketch';

const REGIONS = [
  { value: 'england-and-wales', label: 'England and Wales' },
  { value: 'scotland', label: 'Scotland' },
];
const EMPTY_ZONE = { name: '', lat: '', lng: '', radius_km: '', is_airport: false };
/** Typed text as a number; empty is not one, for the server to refuse under its field. */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The admin's zones and bank holidays: a list of each, an add form, and Remove. */
export function ZonesAdmin() {
  return (
    <>
      <ZonesSection />
      <HolidaysSection />
    </>
  );
}

function ZonesSection() {
  const zones = useZones();
  const save = useSaveZones();
  return (
    <Section title="Zones">
      {save.isError ? <AlertMessage>{save.error.message}</AlertMessage> : null}
      <ZonesSketch zones={zones.data ?? []} />
      <chakra.ul mb={4} pl={0} listStyleType="none">
        {(zones.data ?? []).map((z) => (
          <Flex
            as="li"
            key={z.id}
            justifyContent="space-between"
            borderBottomWidth="1px"
            py={2}
            gap={3}
          >
            <Text>
              {z.name}: {z.lat}, {z.lng}, radius {z.radius_km} km{z.is_airport ? ' (airport)' : ''}
            </Text>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => save.mutate({ kind: 'remove-zone', id: z.id })}
            >
              Remove {z.name}
            </Button>
          </Flex>
        ))}
      </chakra.ul>
      <ZoneForm save={save} />
    </Section>
  );
}

function ZoneForm({ save }: { save: ReturnType<typeof useSaveZones> }) {
  const [zone, setZone] = useState(EMPTY_ZONE);
  const errorFor = issuesByPath(save.error);
  const field = (key: 'name' | 'lat' | 'lng' | 'radius_km', id: string, label: string) => (
    <TextField
      id={id}
      label={label}
      value={zone[key]}
      onValueChange={(value) => setZone({ ...zone, [key]: value })}
      error={errorFor(key)}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = {
          name: zone.name,
          lat: num(zone.lat),
          lng: num(zone.lng),
          radius_km: num(zone.radius_km),
          is_airport: zone.is_airport,
        };
        save.mutate({ kind: 'add-zone', body }, { onSuccess: () => setZone(EMPTY_ZONE) });
      }}
    >
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
      <Button type="submit" colorPalette="brand" loading={save.isPending}>
        Add zone
      </Button>
    </form>
  );
}

function HolidaysSection() {
  const holidays = useBankHolidays();
  const save = useSaveZones();
  const [holiday, setHoliday] = useState({ date: '', region: 'england-and-wales', name: '' });
  const errorFor = issuesByPath(save.error);
  const regionName = (region: string) => REGIONS.find((r) => r.value === region)?.label ?? region;
  return (
    <Section title="Bank holidays">
      {save.isError ? <AlertMessage>{save.error.message}</AlertMessage> : null}
      <chakra.ul mb={4} pl={0} listStyleType="none">
        {(holidays.data ?? []).map((h) => (
          <Flex
            as="li"
            key={`${h.date}-${h.region}`}
            justifyContent="space-between"
            borderBottomWidth="1px"
            py={2}
            gap={3}
          >
            <Text>
              {formatDateGB(h.date)} {h.name} ({regionName(h.region)})
            </Text>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() =>
                save.mutate({ kind: 'remove-holiday', date: h.date, region: h.region })
              }
            >
              {`Remove ${h.name} ${formatDateGB(h.date)} (${regionName(h.region)})`}
            </Button>
          </Flex>
        ))}
      </chakra.ul>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({
            kind: 'add-holiday',
            body: { ...holiday, region: holiday.region as 'scotland' },
          });
        }}
      >
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={3}>
          <TextField
            id="holiday-date"
            label="Date"
            type="date"
            value={holiday.date}
            onValueChange={(date) => setHoliday({ ...holiday, date })}
            error={errorFor('date')}
          />
          <SelectControlField
            id="holiday-region"
            label="Calendar"
            value={holiday.region}
            onValueChange={(region) => setHoliday({ ...holiday, region })}
          >
            <Options options={REGIONS} />
          </SelectControlField>
          <TextField
            id="holiday-name"
            label="Holiday name"
            value={holiday.name}
            onValueChange={(name) => setHoliday({ ...holiday, name })}
            error={errorFor('name')}
          />
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" mt={3} loading={save.isPending}>
          Add bank holiday
        </Button>
      </form>
    </Section>
  );
}
