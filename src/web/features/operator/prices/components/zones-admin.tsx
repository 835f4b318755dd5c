import { Box, Button, chakra, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateGB } from '../../../../../domain/time';
import { Options, TextField } from '../../../../components/form/fields';
import { AlertMessage } from '../../components/error-panel';
import { SelectControlField } from '../../components/select-control';
import { useBankHolidays, useSaveZones, useZones } from '../api/zones-api';
import { issuesByPath } from './price-drafts';

const REGIONS = [
  { value: 'england-and-wales', label: 'England and Wales' },
  { value: 'scotland', label: 'Scotland' },
];
const EMPTY_ZONE = { name: '', lat: '', lng: '', radius_km: '', is_airport: false };

/** The admin's zones and bank holidays: a list of each, an add form, and Remove. */
export function ZonesAdmin() {
  const zones = useZones();
  const holidays = useBankHolidays();
  const save = useSaveZones();
  const [zone, setZone] = useState(EMPTY_ZONE);
  const [holiday, setHoliday] = useState({ date: '', region: 'england-and-wales', name: '' });
  const errorFor = issuesByPath(save.error);
  const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

  return (
    <>
      <Box as="section" layerStyle="card" bg="white" p={{ base: 4, md: 5 }} mb={5}>
        <Heading as="h2" size="lg" mb={3}>
          Zones
        </Heading>
        {save.isError ? <AlertMessage>{save.error.message}</AlertMessage> : null}
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
                {z.name}: {z.lat}, {z.lng}, radius {z.radius_km} km
                {z.is_airport ? ' (airport)' : ''}
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
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              {
                kind: 'add-zone',
                body: {
                  name: zone.name,
                  lat: num(zone.lat),
                  lng: num(zone.lng),
                  radius_km: num(zone.radius_km),
                  is_airport: zone.is_airport,
                },
              },
              { onSuccess: () => setZone(EMPTY_ZONE) },
            );
          }}
        >
          <SimpleGrid columns={{ base: 1, md: 4 }} gap={3}>
            <TextField
              id="zone-name"
              label="Zone name"
              value={zone.name}
              onValueChange={(name) => setZone({ ...zone, name })}
              error={errorFor('name')}
            />
            <TextField
              id="zone-lat"
              label="Centre latitude"
              inputMode="decimal"
              value={zone.lat}
              onValueChange={(lat) => setZone({ ...zone, lat })}
              error={errorFor('lat')}
            />
            <TextField
              id="zone-lng"
              label="Centre longitude"
              inputMode="decimal"
              value={zone.lng}
              onValueChange={(lng) => setZone({ ...zone, lng })}
              error={errorFor('lng')}
            />
            <TextField
              id="zone-radius"
              label="Radius (km)"
              inputMode="decimal"
              value={zone.radius_km}
              onValueChange={(radius_km) => setZone({ ...zone, radius_km })}
              error={errorFor('radius_km')}
            />
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
      </Box>
      <Box as="section" layerStyle="card" bg="white" p={{ base: 4, md: 5 }} mb={5}>
        <Heading as="h2" size="lg" mb={3}>
          Bank holidays
        </Heading>
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
                {formatDateGB(h.date)} {h.name} ({REGIONS.find((r) => r.value === h.region)?.label})
              </Text>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() =>
                  save.mutate({ kind: 'remove-holiday', date: h.date, region: h.region })
                }
              >
                Remove {h.name} {formatDateGB(h.date)} {h.region}
              </Button>
            </Flex>
          ))}
        </chakra.ul>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ kind: 'add-holiday', body: holiday as never });
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
      </Box>
    </>
  );
}
