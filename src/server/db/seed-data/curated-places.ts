/**
 * Placeholder: the curated gazetteer (airport terminals, rail termini, ferry and cruise ports)
 * is being written separately and replaces this file. Same export and type.
 */
export type CuratedPlace = {
  name: string;
  kind: 'airport' | 'terminal' | 'station' | 'port';
  lat: number;
  lng: number;
  postcode: string;
  popular: boolean;
  aliases?: string[];
};

export const CURATED_PLACES: CuratedPlace[] = [
  {
    name: 'Heathrow Airport Terminal 5',
    kind: 'terminal',
    lat: 51.4723,
    lng: -0.4889,
    postcode: 'TW6 2GA',
    popular: true,
    aliases: ['LHR T5', 'Heathrow T5'],
  },
  {
    name: "London King's Cross Station",
    kind: 'station',
    lat: 51.5308,
    lng: -0.1238,
    postcode: 'N1C 4AX',
    popular: true,
    aliases: ['Kings Cross'],
  },
  {
    name: 'Port of Dover',
    kind: 'port',
    lat: 51.1266,
    lng: 1.3315,
    postcode: 'CT17 9BU',
    popular: true,
    aliases: ['Dover ferry terminal'],
  },
];
