import { Button, chakra, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ZoneWire } from '../../../../../contract/operator-zones';
import { formatDateGB } from '../../../../../domain/time';
import { Options, TextField } from '../../../../components/form/fields';
import { AlertMessage } from '../../../../components/status-panels';
import { SelectControlField } from '../../components/select-control';
import { useBankHolidays, useSaveZones, useZones } from '../api/zones-api';
import { issuesByPath } from './price-drafts';
import { Section } from './price-section';
import { ZoneForm } from './zone-form';
import { ZonesSketch } from './zones-sketch';

const REGIONS = [
  { value: 'england-and-wales', label: 'England and Wales' },
  { value: 'scotland', label: 'Scotland' },
];

/** The admin's zones and bank holidays: a list of each, an add form, Remove, and Edit for a zone. */
export function ZonesAdmin() {
  return (
    <>
      <ZonesSection />
      <HolidaysSection />
    </>
  );
}

/** What the list says of an airport's flight tracking. */
function airportText(zone: ZoneWire): string {
  if (!zone.is_airport) return '';
  if (!zone.iata_code) return ' (airport, no code: flights not tracked)';
  const buffer =
    zone.flight_buffer_minutes === null ? 'the default' : `${zone.flight_buffer_minutes} min`;
  return ` (airport ${zone.iata_code}, meeting buffer ${buffer})`;
}

function ZonesSection() {
  const zones = useZones();
  const save = useSaveZones();
  const [editing, setEditing] = useState<ZoneWire | null>(null);
  const edit = (zone: ZoneWire | null) => {
    save.reset();
    setEditing(zone);
  };
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
              {z.name}: {z.lat}, {z.lng}, radius {z.radius_km} km{airportText(z)}
            </Text>
            <Flex gap={2}>
              <Button type="button" size="sm" variant="outline" onClick={() => edit(z)}>
                Edit {z.name}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  if (editing?.id === z.id) edit(null);
                  save.mutate({ kind: 'remove-zone', id: z.id });
                }}
              >
                Remove {z.name}
              </Button>
            </Flex>
          </Flex>
        ))}
      </chakra.ul>
      <ZoneForm
        key={editing?.id ?? 'new'}
        save={save}
        editing={editing}
        onDone={() => edit(null)}
      />
    </Section>
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
